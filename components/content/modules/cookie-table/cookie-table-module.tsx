import type { ModuleView } from '../module-view';
import { CookieTableView } from './cookie-table-view';

/** The cookie policy's table of cookies and storage keys, and how to change the choice. */
export const cookieTableModule: ModuleView = (_module, language, level) => ({ body: <CookieTableView language={language} headingLevel={level} />, framed: true });
