import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { isAboutPath } from "~/content/about-variant";
import type { HeaderView, SiteLink } from "~/content/layout";
import { useLanguage, useLanguageSwitch, useUiText } from "~/hooks/use-language";
import { localizedPath } from "~/language";
import { MenuIcon } from "~/components/menu-icon/menu-icon";
import styles from "./header.module.css";
import { behaviour } from "~/behaviours/markers";
import { keepFocusInside } from "~/behaviours/menu";

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

/** Whether a popover is showing; false where the platform does not know popovers. */
function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(":popover-open");
  } catch {
    return false;
  }
}

/** The burger menu's state: open or not, and, once hydrated, its focus and its closing on navigation. */
function useMenuOverlay() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Until hydration the platform reports the burger's expanded state itself.
  const [hydrated, setHydrated] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const closeMenu = useCallback((restoreFocus: boolean) => {
    const dialog = dialogRef.current;
    if (dialog && isPopoverOpen(dialog)) dialog.hidePopover();
    setOpen(false);
    if (restoreFocus) burgerRef.current?.focus();
  }, []);

  // A menu opened before hydration stays open, and React takes it over.
  useEffect(() => {
    setHydrated(true);
    if (dialogRef.current && isPopoverOpen(dialogRef.current)) setOpen(true);
  }, []);

  // Any navigation closes the menu (not the first render: a menu opened before hydration stays).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu(false);
  }, [pathname, closeMenu]);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeMenu(true);
        return;
      }
      // Keep focus inside the open overlay (the same function a page without React runs).
      if (dialogRef.current) keepFocusInside(dialogRef.current, event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, closeMenu]);

  return { open, setOpen, hydrated, burgerRef, closeRef, dialogRef, closeMenu };
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
  const { setOpen, burgerRef, closeRef, dialogRef, closeMenu } = menu;
  return (
    <div
      ref={dialogRef}
      id={menuId}
      className={styles.overlay}
      popover="auto"
      {...behaviour("menu")}
      role="dialog"
      aria-modal="true"
      aria-label={text.menu}
      onToggle={(event) => setOpen(event.newState === "open")}
    >
      <button
        ref={closeRef}
        type="button"
        className={`${styles.menuButton} ${styles.closeButton}`}
        aria-label={text.closeMenu}
        popoverTarget={menuId}
        popoverTargetAction="hide"
        onClick={() => burgerRef.current?.focus()}
      >
        <MenuIcon image={blok.closeIcon} kind="close" />
      </button>
      <nav className={styles.overlayNav} aria-label={text.menu}>
        <ul className={styles.overlayLinks} role="list">
          {blok.links.map((link) => (
            <li key={link.href}>
              <HeaderLink link={link} onChoose={() => closeMenu(false)} />
            </li>
          ))}
          <li>
            <LanguageLink label={blok.languageLabel} onChoose={() => closeMenu(false)} />
          </li>
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
 * so the menu works from the first paint, before the page has hydrated.
 * After hydration React follows the popover's `toggle` events to focus the
 * close button, keep focus inside, and close the menu on navigation.
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
            {blok.links.map((link) => (
              <li key={link.href}>
                <HeaderLink link={link} />
              </li>
            ))}
            <li>
              <LanguageLink label={blok.languageLabel} />
            </li>
          </ul>
        </nav>
        <button
          ref={menu.burgerRef}
          type="button"
          className={styles.menuButton}
          aria-label={text.openMenu}
          aria-expanded={menu.hydrated ? menu.open : undefined}
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
