import { RichText } from "~/components/rich-text/rich-text";
import { TitledPage } from "~/components/titled-page/titled-page";
import type { ImprintPage } from "~/content/imprint";
import styles from "./imprint.module.css";

/** `imprint`: the legal text's rich text blocks under the story's name. */
export function ImprintView({ page }: { page: ImprintPage }) {
  return (
    <TitledPage as="article" headingId="imprint-heading" title={page.title}>
      <div className={styles.blocks}>
        {page.blocks.map((block) => (
          <RichText
            key={block.key}
            document={block.text}
            className={styles.text}
            headingLevel={2}
            editable={block.editable}
          />
        ))}
      </div>
    </TitledPage>
  );
}
