import { GoalLinks } from '@/components/catalogue/goal-links';
import { getTotals } from '@/lib/catalogue';
import { getMenuEntry, getSite, localise, type Language } from '@/lib/config';
import { MenuModules } from './menu-modules';

/** The home page: the search block's texts with the computed totals, then the home modules. */
export function HomePage({ language }: { language: Language }) {
  const { homeSearch } = getSite();
  const totals = getTotals(language);
  const home = getMenuEntry('home');
  const withTotals = (text: string) => text.replaceAll('FOR_SALE_TOTAL', String(totals.sale)).replaceAll('FOR_RENT_TOTAL', String(totals.rent));
  return (
    <>
      <h1>{homeSearch.title.public ? localise(homeSearch.title.text, language) : localise(home?.params.title ?? '', language)}</h1>
      {homeSearch.description.public ? <p>{withTotals(localise(homeSearch.description.text, language))}</p> : null}
      {homeSearch.secondDescription.public ? <p>{withTotals(localise(homeSearch.secondDescription.text, language))}</p> : null}
      <GoalLinks language={language} withCounts />
      {home ? <MenuModules modules={home.params.modules} language={language} /> : null}
    </>
  );
}
