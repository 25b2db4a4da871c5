import { GoalLinks } from '@/components/catalogue/goal-links';
import type { ModuleView } from '../module-view';
import styles from './stats-module.module.css';

/** Links to the for-sale and for-rent lists with their counts. */
export const statsModule: ModuleView = (_module, language) => ({
  body: (
    <div className={styles.stats}>
      <GoalLinks language={language} withCounts />
    </div>
  ),
  framed: true,
});
