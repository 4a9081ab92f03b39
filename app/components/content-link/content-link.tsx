import type { ReactNode } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";
import type { Link } from "~/content/schema/values";
import { useLanguage } from "~/hooks/use-language";
import { localizedHref } from "~/language";

interface ContentLinkProps {
  link: Link;
  className?: string;
  /** an accessible name when the children carry none (e.g. a video) */
  label?: string;
  /** inside the site: the router link's view transition and what a click on it does besides */
  routing?: Pick<LinkProps, "viewTransition" | "onClick">;
  children: ReactNode;
}

/**
 * A content multilink: the router's Link inside the site, a plain anchor
 * outside it (new tabs get rel="noopener"), and a plain box when the editor
 * left the link empty.
 */
export function ContentLink({ link, className, label, routing, children }: ContentLinkProps) {
  const language = useLanguage();
  if (!link.href) return <div className={className}>{children}</div>;
  const title = link.title || undefined;
  if (link.internal && !link.href.startsWith("#")) {
    return (
      <RouterLink
        to={localizedHref(link.href, language)}
        prefetch="intent"
        {...routing}
        className={className}
        aria-label={label}
        title={title}
        target={link.target === "_blank" ? "_blank" : undefined}
      >
        {children}
      </RouterLink>
    );
  }
  const newTab = link.target === "_blank";
  return (
    <a
      href={link.href}
      className={className}
      aria-label={label}
      title={title}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener noreferrer" : undefined}
    >
      {children}
    </a>
  );
}
