import type { ReactNode } from 'react';
import { listQueryString, listStatuses, type ListParams } from '@/lib/catalogue/list-params';
import type { ListForm } from '@/lib/catalogue/list-form';
import styles from './listing-browser.module.css';

/**
 * What is on offer and the references, as plain links (crawlers and visitors without JavaScript
 * reach the references too). Drawn on the server for the server's list, whose every page the
 * server draws anyway, so that the list's island ships none of it; the static export's island
 * draws it in the browser.
 */
export function ListStatuses({ path, params, statuses, label }: { path: string; params: ListParams; statuses: ListForm['statuses']; label: string }): ReactNode {
  return (
    <nav aria-label={label} className={styles.statuses}>
      <ul>
        {listStatuses
          .filter((status) => status === 'on-offer' || status === params.status || !statuses[status].empty)
          .map((status) => (
            <li key={status}>
              <a className={styles.status} href={`${path}${listQueryString({ status, sort: params.sort, page: 1 })}`} aria-current={params.status === status ? 'page' : undefined}>
                {statuses[status].text}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}
