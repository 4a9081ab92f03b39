import { useCallback, useEffect, useId, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { isAboutPath } from "~/content/about-variant";
import type { HeaderView, SiteLink } from "~/content/layout";
import { useLanguage, useLanguageSwitch, useUiText } from "~/hooks/use-language";
import { localizedPath } from "~/language";
import { MenuIcon } from "~/components/menu-icon/menu-icon";
import styles from "./header.module.css";
import { behaviour } from "~/behaviours/markers";
import { followMenu, isPopoverOpen } from "~/behaviours/menu";

function navClassName({ isActive }: { isActive: boolean }): string {
  return isActive ? `${styles.link} ${styles.active}` : (styles.link ?? "");
}

function HeaderLink({ link, onChoose }: { link: SiteLink; onChoose?: () => void }) {
  if (!link.internal) {
    return (
      <a
        className={styles.link}
        href={link.href}
        onClick={onChoose}
        {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {link.label}
      </a>
    );
  }
  // NavLink marks the current page (aria-current="page"), styled underlined and uppercase.
  return (
    <NavLink className={navClassName} to={link.href} onClick={onChoose}>
      {link.label}
    </NavLink>
  );
}

/** The same page in the other language; its text comes from the header story (`LanguageLabel`). */
function LanguageLink({ label, onChoose }: { label: string; onChoose?: () => void }) {
  const { language, href } = useLanguageSwitch();
  return (
    <Link className={styles.link} to={href} hrefLang={language} lang={language} onClick={onChoose}>
      {label}
    </Link>
  );
}

/** The list items of the header's links, then the link to the page in the other language. */
function HeaderLinkItems({ blok, onChoose }: { blok: HeaderView; onChoose?: () => void }) {
  return (
    <>
      {blok.links.map((link) => (
        <li key={link.href}>
          <HeaderLink link={link} onChoose={onChoose} />
        </li>
      ))}
      <li>
        <LanguageLink label={blok.languageLabel} onChoose={onChoose} />
      </li>
    </>
  );
}

/**
 * The burger menu once hydrated: app/behaviours/menu.ts follows its popover (the close button's focus, Tab kept
 * inside, Escape, the burger's `aria-expanded`), as on a page without React, from the moment the overlay is in
 * the page (a menu opened before hydration included); a client navigation, or a link chosen in it, closes it.
 */
function useMenuOverlay() {
  const { pathname } = useLocation();
  const overlay = useRef<HTMLDivElement | null>(null);
  // a ref's cleanup (React 19) stops following an overlay that goes
  const follow = useCallback((element: HTMLDivElement) => {
    overlay.current = element;
    return followMenu(element);
  }, []);
  const close = useCallback(() => {
    const element = overlay.current;
    if (element && isPopoverOpen(element)) element.hidePopover();
  }, []);
  // not on the first render: a menu opened before hydration stays open
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
  }, [pathname, close]);
  return { follow, close };
}

type MenuOverlay = ReturnType<typeof useMenuOverlay>;

function HeaderLogo({ blok }: { blok: HeaderView }) {
  const language = useLanguage();
  return (
    <Link to={localizedPath("/", language)} className={styles.logoLink}>
      {blok.logo ? (
        <img
          className={styles.logo}
          src={blok.logo.dataUri ?? blok.logo.src}
          alt={blok.logoLabel}
          width={blok.logo.width}
          height={blok.logo.height}
        />
      ) : (
        <span className={styles.logoText}>{blok.logoLabel}</span>
      )}
    </Link>
  );
}

/** The full-screen menu behind the burger: a native popover with its close button and the links. */
function MenuOverlayDialog({ blok, menu, menuId }: { blok: HeaderView; menu: MenuOverlay; menuId: string }) {
  const text = useUiText();
  return (
    <div
      ref={menu.follow}
      id={menuId}
      className={styles.overlay}
      popover="auto"
      {...behaviour("menu")}
      role="dialog"
      aria-modal="true"
      aria-label={text.menu}
    >
      <button
        type="button"
        className={`${styles.menuButton} ${styles.closeButton}`}
        aria-label={text.closeMenu}
        popoverTarget={menuId}
        popoverTargetAction="hide"
      >
        <MenuIcon image={blok.closeIcon} kind="close" />
      </button>
      <nav className={styles.overlayNav} aria-label={text.menu}>
        <ul className={styles.overlayLinks} role="list">
          <HeaderLinkItems blok={blok} onChoose={menu.close} />
        </ul>
      </nav>
    </div>
  );
}

/**
 * The site header (SPEC section 2): logo, Index and second-page links; at
 * <= 768px the links move into a full-screen overlay behind a burger button.
 *
 * The overlay is a native popover: the burger and the close button open and
 * close it through `popovertarget`, and Escape closes it, all without script,
 * so the menu works from the first paint, before the page has hydrated;
 * what script adds is app/behaviours/menu.ts's, with React or without.
 */
export function Header({ blok }: { blok: HeaderView | null }) {
  const text = useUiText();
  const { pathname } = useLocation();
  const variant = isAboutPath(pathname) ? "orange" : "default";
  const menu = useMenuOverlay();
  const menuId = useId();

  if (!blok) {
    return (
      <header className={styles.header} data-variant={variant}>
        <div className={styles.bar}>
          <p className={styles.loading} role="status">
            {text.loading}
          </p>
        </div>
      </header>
    );
  }

  return (
    <header className={styles.header} data-variant={variant} {...blok.editable}>
      <div className={styles.bar}>
        <HeaderLogo blok={blok} />
        <nav className={styles.nav} aria-label={text.mainNavigation}>
          <ul className={styles.links} role="list">
            <HeaderLinkItems blok={blok} />
          </ul>
        </nav>
        <button
          type="button"
          className={styles.menuButton}
          aria-label={text.openMenu}
          aria-controls={menuId}
          popoverTarget={menuId}
          popoverTargetAction="show"
        >
          <MenuIcon image={blok.burgerIcon} kind="burger" />
        </button>
      </div>
      <MenuOverlayDialog blok={blok} menu={menu} menuId={menuId} />
    </header>
  );
}
