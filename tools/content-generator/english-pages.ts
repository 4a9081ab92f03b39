/** German text -> English, for the texts of the header, footer, index, imprint and about pages (see english.ts). */
export const PAGE_TEXTS_IN_ENGLISH: readonly (readonly [string, string])[] = [
  ["English", "Deutsch"],
  ["Impressum", "Imprint"],
  [
    "Studio Halbton\nSchrift, Plakat, Marke, Bewegung und Web.\nKiefholzhöfe 14, Aufgang C\n12435 Berlin",
    "Studio Halbton\nType, posters, identity, motion and web.\nKiefholzhöfe 14, Aufgang C\n12435 Berlin, Germany",
  ],
  ["Angaben gemäß § 5 DDG", "Information according to § 5 DDG (German Digital Services Act)"],
  ["Vertreten durch", "Represented by"],
  ["Kontakt", "Contact"],
  ["Telefon: +49 30 5557 1934", "Phone: +49 30 5557 1934"],
  ["E-Mail: ", "Email: "],
  ["Umsatzsteuer-ID", "VAT ID"],
  [
    "Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: DE 123 456 789",
    "VAT identification number according to § 27 a of the German VAT Act: DE 123 456 789",
  ],
  ["Redaktionell verantwortlich", "Responsible for the content"],
  [
    "Mira Okafor-Kessler, Anschrift wie oben (§ 18 Abs. 2 MStV)",
    "Mira Okafor-Kessler, address as above (§ 18 (2) MStV)",
  ],
  ["Haftung für Inhalte", "Liability for content"],
  [
    "Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Wir sind jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.",
    "As a service provider we are responsible for our own content on these pages under the general laws. We are not obliged, however, to monitor third-party information we transmit or store, or to look for circumstances that point to unlawful activity.",
  ],
  ["Haftung für Links", "Liability for links"],
  [
    "Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter verantwortlich. Unsere eigene Website findest du unter ",
    "Our pages link to external websites of third parties whose content we cannot influence. The provider of a linked page is always responsible for its content. You will find our own website at ",
  ],
  ["Urheberrecht", "Copyright"],
  [
    "Die durch uns erstellten Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Alle Abbildungen zeigen Arbeiten von ",
    "The content and works we created on these pages are subject to German copyright law. All images show work by ",
  ],
  [
    "; die Schriften Grotesk Nr. 7, Signal Serif und Modular Mono sind Eigenentwicklungen.",
    "; the typefaces Grotesk Nr. 7, Signal Serif and Modular Mono are our own designs.",
  ],
  ["Bildnachweise", "Image credits"],
  ["Projektfotos: Studio Halbton", "Project photos: Studio Halbton"],
  ["Portraits: Lea Vossberg", "Portraits: Lea Vossberg"],
  ["Animationen: Studio Halbton", "Animations: Studio Halbton"],
  ["Datenschutz in Kürze", "Privacy in brief"],
  [
    "Diese Website setzt keine Tracking-Cookies und lädt keine Schriften oder Skripte von Dritten. Beim Aufruf speichert unser Hoster technisch notwendige Server-Logs für sieben Tage.",
    "This website sets no tracking cookies and loads no fonts or scripts from third parties. Our host keeps the server logs a visit technically needs for seven days.",
  ],
  ["Verantwortlich: ", "Controller: "],
  ["Auskunft und Löschung: ", "Access and erasure: "],
  [
    "Beschwerden: die zuständige Datenschutzaufsichtsbehörde in Berlin",
    "Complaints: the data protection authority responsible in Berlin",
  ],

  // about
  ["Wir sind Halbton — seit 2016 in Berlin", "We are Halbton — in Berlin since 2016"],
  ["Wir sind Halbton", "We are Halbton"],
  [
    "Studio Halbton ist ein Designstudio in Berlin-Treptow für Schrift, Plakat, Erscheinungsbild, Motion und Web. ",
    "Studio Halbton is a design studio in Berlin-Treptow for type, posters, identities, motion and the web. ",
  ],
  [
    "Wir arbeiten für Kulturorte, Verlage, kleine Unternehmen und Initiativen – am liebsten für Menschen, die etwas zu sagen haben und dafür eine ",
    "We work for cultural venues, publishers, small businesses and initiatives – best of all for people who have something to say and are looking for ",
  ],
  ["eigene Stimme", "a voice of their own"],
  [" suchen.", "."],
  ["Neu:", "New:"],
  [
    " Ab Herbst 2025 bieten wir Risograph-Workshops für Schulen an.",
    " From autumn 2025 we run risograph workshops for schools.",
  ],
  ["Was wir machen", "What we do"],
  ["fünf Dinge, die wir jede Woche tun", "and a few we do once a year"],
  ["Werkstatt", "Workshop"],
  [
    "Siebdruck, Risograph und ein alter Tiegel: vieles drucken wir selbst, im Hinterhof in Treptow.",
    "Screen printing, risograph and an old platen press: we print a lot of it ourselves, in a back yard in Treptow.",
  ],
  [
    "Dieselben Loops als WebM für Ausstellungsscreens und Websites.",
    "The same loops as WebM for exhibition screens and websites.",
  ],
  ["Mappe 2025", "Portfolio 2025"],
  ["Unsere Mappe als PDF", "Our portfolio as a PDF"],
  [" — auf Anfrage schicken wir sie auch gedruckt.", " — ask us and we will send it printed, too."],
  ["Zeichen & Systeme", "Signs & systems"],
  [
    "Piktogramme und Leitsysteme, gezeichnet als Vektor und gebaut für Jahrzehnte.",
    "Pictograms and wayfinding systems, drawn as vectors and built to last for decades.",
  ],
  ["Team & Haltung", "Team & attitude"],
  [" — Partnerin, Type & Art Direction", " — partner, type & art direction"],
  [" — Design & Fotografie", " — design & photography"],
  [
    "We say no to projects we don't believe in, and yes to almost every poster. Neue Projekte, Praktika, Fragen: ",
    "We say no to projects we don't believe in, and yes to almost every poster. New projects, internships, questions: ",
  ],
  ["Aus dem Archiv", "From the archive"],
  ["Plakatwand im Treppenhaus, Frühjahr 2024", "Poster wall in the stairwell, spring 2024"],
  ["Rasterstudie für Körnung", "Screen study for Körnung"],
  ["Testdruck auf Recyclingpapier", "Test print on recycled paper"],
  ["Farbmuster für Farbraum Archiv", "Colour samples for Farbraum Archiv"],
  ["Siebdruck, zweiter Durchgang", "Screen print, second pass"],
  // left untranslated on purpose: the English about page shows it in German (Storyblok's fallback)
  // ["Schilderprototyp im Maßstab 1:1", "Sign prototype at 1:1"],
];
