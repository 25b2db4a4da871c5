import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/components/search/search-form';
import { getEnabledLanguages, getMenu, getSite, localise, type Language, type MenuEntry } from '@/lib/config';
import { deployedHref } from '@/lib/export/links';
import { href, menuEntryHref, resolvePath } from '@/lib/pages';
import { FavouritesCount } from '@/components/favourites/favourites-count';
import { languageChoiceHref } from '@/lib/links/language-switch';
import { imageUrl, logoHeights, widthAtHeight } from '@/lib/media/image-url';
import { pictureSize } from '@/lib/media/resize';
import { languageChoiceAttribute } from '@/components/islands/language-links';
import { MenuDisclosure } from './menu-disclosure';
import { ScrollHeader } from './scroll-header';
import styles from './site-header.module.css';

type HeaderLink = { status: string; icon: string; label: string | Record<string, string>; link: string | Record<string, string>; color: string };

/** Spec §2: top-bar links open in a new tab when they contain // or http, or start with tel: or mailto:. */
function opensInNewTab(link: string): boolean {
  return link.includes('//') || link.includes('http') || link.startsWith('tel:') || link.startsWith('mailto:');
}

const icons: Record<string, string> = {
  phone: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4 4-6 8-6s8 2 8 6',
  heart: 'M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.9 1.3 5 3 1.1-1.7 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z',
};

/** Whether a header link leads to the favourites page, which shows how many listings this browser keeps. */
const isFavouritesLink = (target: string) => target.startsWith('/') && resolvePath(target.split(/[?#]/, 1)[0] ?? target)?.route.page === 'favourites';

function Icon({ name }: { name: string }) {
  const path = icons[name];
  if (!path) return null;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/*
 * The header shows its menu and links twice: in the bar (desktop) and in the mobile panel. Their
 * items are built once as element objects and put in both lists: React's payload writes an element
 * it has already written as a short reference to the first copy, so the page carries each item's
 * data once rather than twice (the HTML still draws both lists).
 */

/** The top-bar links as list items; a link to a page this build cannot serve (the owner login on a static export without server) is left out. */
function headerLinkItems(links: HeaderLink[], language: Language) {
  return links.flatMap((link) => {
    const target = link.status === 'Published' ? deployedHref(localise(link.link, language)) : undefined;
    if (target === undefined) return [];
    const external = opensInNewTab(target);
    return [
      <li key={`${target}-${localise(link.label, language)}`}>
        <a href={target} {...(link.color ? { style: { color: link.color } } : {})} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          <Icon name={link.icon} />
          {localise(link.label, language)}
          {isFavouritesLink(target) ? <FavouritesCount /> : null}
        </a>
      </li>,
    ];
  });
}

function linkList(items: ReturnType<typeof headerLinkItems>) {
  return items.length === 0 ? null : <ul className={styles.links}>{items}</ul>;
}

function entryLink(entry: MenuEntry, language: Language) {
  const label = localise(entry.params.title, language);
  if (entry.params.redirect && entry.params.redirectUrl) {
    return (
      <a href={entry.params.redirectUrl} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  const target = deployedHref(menuEntryHref(entry, language));
  if (target === undefined) return null;
  return <SiteLink href={target}>{label}</SiteLink>;
}

/** A top-level menu entry as a list item, with its sub-entries. */
function menuItem(entry: MenuEntry, all: MenuEntry[], language: Language) {
  const children = all.filter((child) => child.parentId === entry.id);
  return (
    <li key={entry.id}>
      {entryLink(entry, language)}
      {children.length > 0 ? (
        <ul className={styles.submenu}>
          {children.map((child) => (
            <li key={child.id}>{entryLink(child, language)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

async function LanguageSwitcher({ language, alternates, flags }: { language: Language; alternates: Partial<Record<Language, string>>; flags: boolean }) {
  const t = await getTranslations({ locale: language });
  const languages = getEnabledLanguages();
  if (languages.length < 2) return null;
  return (
    <nav aria-label={t('header.language')} className={styles.switcher}>
      <ul>
        {languages.map((code) => (
          <li key={code}>
            <a
              href={languageChoiceHref(alternates[code] ?? href({ page: 'home' }, code), code)}
              {...{ [languageChoiceAttribute]: '' }}
              hrefLang={code}
              lang={code}
              aria-current={code === language ? 'true' : undefined}
            >
              {/* Lazy: React would otherwise preload every flag in the head, ahead of the page's
                  largest picture, though a phone shows none until its menu is opened. */}
              {flags ? <img src={`/images/flags/${code}.png`} alt="" width={20} height={15} loading="lazy" /> : null}
              <span className={styles.code} aria-hidden="true">
                {code.toUpperCase()}
              </span>
              <span className="visually-hidden">{t(`languages.${code}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The site header from data/site: top bar (desktop only) with links, app bar text and language
 * switcher; logo; the menu with its overflow; the free-valuation button; the property search; the
 * mobile menu. `alternates` are the current page in every language, for the switcher.
 */
export async function SiteHeader({ language, alternates, isHome = false }: { language: Language; alternates: Partial<Record<Language, string>>; isHome?: boolean }) {
  const t = await getTranslations({ locale: language });
  const { header, siteInfo, languageFlags } = getSite();
  const all = getMenu();
  const topLevel = all.filter((entry) => entry.parentId === null && (header.menu.showHomeMenu || entry.params.type !== 'home'));
  const visible = topLevel.slice(0, header.menu.menuMaxItems);
  const overflow = topLevel.slice(header.menu.menuMaxItems);
  // Spec §5 and §7: an .svg logo is used as is; another image comes at height 125, 75 on mobile.
  const svgLogo = header.logo.image.toLowerCase().endsWith('.svg');
  const logo = svgLogo ? header.logo.image : imageUrl(header.logo.image, { height: logoHeights.desktop });
  // The logo's own proportions reserve its box: with others it grew as it loaded (360 x 100 drawn
  // 168 x 56 first), pushing the menu beside it.
  const logoWidth = widthAtHeight(pictureSize(header.logo.image), 56);
  const switcher = header.languageSwitcher ? <LanguageSwitcher language={language} alternates={alternates} flags={languageFlags} /> : null;
  const valuation = all.find((entry) => entry.id === 'free-valuation');
  const items = new Map(topLevel.map((entry) => [entry.id, menuItem(entry, all, language)]));
  const itemsOf = (entries: MenuEntry[]) => entries.map((entry) => items.get(entry.id));
  const leftLinks = headerLinkItems(header.links.left, language);
  const rightLinks = headerLinkItems(header.links.right, language);

  return (
    <ScrollHeader className={styles.header} slotClassName={styles.slot} overlay={isHome && header.changeOnScroll}>
      <div className={styles.topBar}>
        {linkList(leftLinks)}
        {header.appBar.show ? <p className={styles.appBar}>{localise(header.appBar.text, language)}</p> : null}
        {linkList(rightLinks)}
        {switcher}
      </div>
      <div className={styles.bar} data-logo-at-start={header.logo.showLogoAtStart || !isHome}>
        <SiteLink href={href({ page: 'home' }, language)} className={styles.logo} aria-label={t('header.home', { name: siteInfo.name })}>
          <picture>
            {svgLogo ? null : <source media="(max-width: 766px)" srcSet={imageUrl(header.logo.image, { height: logoHeights.mobile })} />}
            <img src={logo} alt="" height={56} width={logoWidth} />
          </picture>
        </SiteLink>
        <nav aria-label={t('meta.mainNavigation')} className={styles.nav} style={{ fontSize: `${header.menu.fontSize / 16}rem` }}>
          <ul className={styles.menu}>{itemsOf(visible)}</ul>
          {overflow.length > 0 ? (
            <MenuDisclosure label={t('header.more')} className={styles.overflow} buttonClassName={styles.toggle} panelClassName={styles.overflowPanel}>
              <ul className={styles.overflowList}>{itemsOf(overflow)}</ul>
            </MenuDisclosure>
          ) : null}
        </nav>
        {header.menu.showFreeEvaluation && valuation ? (
          <SiteLink href={menuEntryHref(valuation, language)} className={styles.valuation}>
            {t('header.freeValuation')}
          </SiteLink>
        ) : null}
        {header.mobileMenu.show ? (
          <MenuDisclosure
            label={t('header.menu')}
            className={styles.mobile}
            buttonClassName={styles.toggle}
            panelClassName={styles.mobilePanel}
            icon={
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            }
          >
            {header.propertySearch ? <SearchForm language={language} /> : null}
            <nav aria-label={t('header.menu')}>
              <ul className={styles.mobileList}>{itemsOf(topLevel)}</ul>
            </nav>
            {switcher}
            {linkList([...leftLinks, ...rightLinks])}
          </MenuDisclosure>
        ) : null}
      </div>
      {header.propertySearch && !isHome ? (
        <div className={styles.search}>
          <SearchForm language={language} />
        </div>
      ) : null}
    </ScrollHeader>
  );
}
