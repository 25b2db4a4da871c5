import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { deleteSearcherAccountAction, deleteSubscriptionAction, editSearchAction, pauseSubscriptionAction, resumeSubscriptionAction } from '@/lib/alerts/actions';
import { parseCriteria, type SearchCriteria } from '@/lib/alerts/criteria';
import { criteriaLines } from '@/lib/alerts/criteria-text';
import { logoutAction } from '@/lib/auth/actions';
import { getListing, getTypes } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import type { AlertSubscriptionRow } from '@/lib/db';
import { alertFrequencies, goals } from '@/lib/form-kinds/fields';
import { href } from '@/lib/pages';
import type { RefusedEdit, SearchEditErrors, SearchEditField, SearcherNotice } from '@/lib/pages/searcher/kind';
import styles from './searcher.module.css';

type Props = { email: string; subscriptions: AlertSubscriptionRow[]; favourites: number; notice: SearcherNotice | undefined; refused?: RefusedEdit; language: Language };

/**
 * A searcher's searches and followed listings, each with its own plain forms (server actions), so
 * that the space works without JavaScript; and how many favourites the account keeps.
 */
export async function SearcherSpace({ email, subscriptions, favourites, notice, refused, language }: Props) {
  const t = await getTranslations({ locale: language, namespace: 'searcher' });
  const searches = subscriptions.filter((subscription) => subscription.kind === 'search');
  const follows = subscriptions.filter((subscription) => subscription.kind === 'follow');
  return (
    <div className={styles.space}>
      <div className={styles.bar}>
        <p>{t('intro', { email })}</p>
        <form action={logoutAction.bind(null, language)}>
          <button type="submit" className={styles.linkButton}>
            {t('logout')}
          </button>
        </form>
      </div>
      <h1>{t('title')}</h1>
      {notice ? (
        // A refusal is said as an error (role alert, the error colours), a change done as a status.
        <div className={notice === 'invalid' ? styles.alert : styles.notice} role={notice === 'invalid' ? 'alert' : 'status'}>
          <p>{t(`notice.${notice}`)}</p>
        </div>
      ) : null}
      <section aria-labelledby="searcher-searches">
        <h2 id="searcher-searches">{t('searches')}</h2>
        {searches.length === 0 ? <p>{t('noSearches')}</p> : null}
        <ul className={styles.list}>
          {searches.map((subscription, index) => (
            <SearchItem key={subscription.id} subscription={subscription} number={index + 1} errors={refused?.id === subscription.id ? refused.errors : undefined} language={language} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="searcher-follows">
        <h2 id="searcher-follows">{t('follows')}</h2>
        {follows.length === 0 ? <p>{t('noFollows')}</p> : null}
        <ul className={styles.list}>
          {follows.map((subscription) => (
            <FollowItem key={subscription.id} subscription={subscription} language={language} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="searcher-favourites">
        <h2 id="searcher-favourites">{t('favourites')}</h2>
        <p data-searcher-favourites={favourites}>{t('favouritesCount', { count: favourites })}</p>
        <p>{t('favouritesText')}</p>
        <p>
          <SiteLink href={href({ page: 'favourites' }, language)}>{t('favouritesLink')}</SiteLink>
        </p>
      </section>
      <section aria-labelledby="searcher-account">
        <h2 id="searcher-account">{t('deleteAccount')}</h2>
        <p>{t('deleteAccountText')}</p>
        <form action={deleteSearcherAccountAction.bind(null, language)}>
          <button type="submit" className={styles.dangerButton}>
            {t('deleteAccount')}
          </button>
        </form>
      </section>
    </div>
  );
}

async function ItemActions({ subscription, language }: { subscription: AlertSubscriptionRow; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'searcher' });
  const paused = subscription.status === 'paused';
  return (
    <div className={styles.actions}>
      <span>{paused ? t('paused') : t('active')}</span>
      <form action={(paused ? resumeSubscriptionAction : pauseSubscriptionAction).bind(null, language, subscription.id)}>
        <button type="submit" className={styles.secondaryButton}>
          {paused ? t('resume') : t('pause')}
        </button>
      </form>
      <form action={deleteSubscriptionAction.bind(null, language, subscription.id)}>
        <button type="submit" className={styles.dangerButton}>
          {t('delete')}
        </button>
      </form>
    </div>
  );
}

async function SearchItem({ subscription, number, errors, language }: { subscription: AlertSubscriptionRow; number: number; errors: SearchEditErrors | undefined; language: Language }) {
  const criteria = parseCriteria(subscription.criteria);
  const forms = await getTranslations({ locale: language, namespace: 'forms' });
  const t = await getTranslations({ locale: language, namespace: 'searcher' });
  return (
    <li className={styles.item} data-subscription={subscription.id}>
      <h3>{t('searchNumber', { number })}</h3>
      <dl>
        {(criteria ? criteriaLines(criteria, language) : []).map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
        <dt>{forms('fields.frequency')}</dt>
        <dd>{forms(`options.frequency.${subscription.frequency}`)}</dd>
      </dl>
      <ItemActions subscription={subscription} language={language} />
      {criteria ? <EditSearch subscription={subscription} criteria={criteria} errors={errors} language={language} /> : null}
    </li>
  );
}

/** The edit form of a search; after a refused post it comes back open, an error under each field at fault. */
async function EditSearch({ subscription, criteria, errors, language }: { subscription: AlertSubscriptionRow; criteria: SearchCriteria; errors: SearchEditErrors | undefined; language: Language }) {
  const forms = await getTranslations({ locale: language, namespace: 'forms' });
  const t = await getTranslations({ locale: language, namespace: 'searcher' });
  const id = (name: string) => `search-${subscription.id}-${name}`;
  const errorOf = (name: SearchEditField) => {
    const error = errors?.[name];
    return error
      ? {
          input: { 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) },
          text: (
            <p id={id(`${name}-error`)} className={styles.error}>
              {forms(`errors.${error}`)}
            </p>
          ),
        }
      : { input: {}, text: null };
  };
  const number = (name: 'priceMin' | 'priceMax' | 'minRooms' | 'minBathrooms' | 'minParkings') => {
    const error = errorOf(name);
    return (
      <div className={styles.field}>
        <label htmlFor={id(name)}>{forms(`fields.${name}`)}</label>
        <input id={id(name)} name={name} inputMode="numeric" pattern="[0-9]*" maxLength={9} defaultValue={criteria[name] ?? ''} {...error.input} />
        {error.text}
      </div>
    );
  };
  const postcodes = errorOf('postcodes');
  return (
    <details open={errors !== undefined}>
      <summary>{t('edit')}</summary>
      <form action={editSearchAction.bind(null, language, subscription.id)} className={styles.edit}>
        <div className={styles.field}>
          <label htmlFor={id('goal')}>{forms('fields.goal')}</label>
          <select id={id('goal')} name="goal" defaultValue={criteria.goal}>
            {goals.map((goal) => (
              <option key={goal} value={goal}>
                {forms(`options.goal.${goal}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>{forms('fields.types')}</legend>
          {getTypes(language).map((type) => (
            <label key={type.WebID}>
              <input type="checkbox" name="types" value={String(type.WebID)} defaultChecked={criteria.types.includes(Number(type.WebID))} /> {type.Name}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={id('postcodes')}>{forms('fields.postcodes')}</label>
          <input id={id('postcodes')} name="postcodes" maxLength={300} defaultValue={criteria.zips.join(', ')} required {...postcodes.input} />
          {postcodes.text}
        </div>
        {number('priceMin')}
        {number('priceMax')}
        {number('minRooms')}
        {number('minBathrooms')}
        {number('minParkings')}
        <div className={styles.field}>
          <label htmlFor={id('frequency')}>{forms('fields.frequency')}</label>
          <select id={id('frequency')} name="frequency" defaultValue={subscription.frequency}>
            {alertFrequencies.map((frequency) => (
              <option key={frequency} value={frequency}>
                {forms(`options.frequency.${frequency}`)}
              </option>
            ))}
          </select>
        </div>
        <p>
          <button type="submit" className={styles.button}>
            {t('save')}
          </button>
        </p>
      </form>
    </details>
  );
}

async function FollowItem({ subscription, language }: { subscription: AlertSubscriptionRow; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'searcher' });
  const listing = subscription.property_id === null ? undefined : getListing(subscription.property_id, language);
  return (
    <li className={styles.item} data-subscription={subscription.id}>
      {listing ? (
        <h3>
          <SiteLink href={href({ page: 'property', id: listing.id }, language)}>{listing.title}</SiteLink>
        </h3>
      ) : (
        <p>{t('removedListing')}</p>
      )}
      <ItemActions subscription={subscription} language={language} />
    </li>
  );
}
