// The invented studio and its projects. All names, clients and addresses are fictional.
import type { ArtStyle } from "./art";

export const TAGS = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding"] as const;
/** A tag the site has no colour for: it must fall back to black. */
export const UNKNOWN_TAG = "Sound";
export type Tag = (typeof TAGS)[number] | typeof UNKNOWN_TAG;

export const STUDIO = {
  name: "Studio Halbton",
  legalName: "Studio Halbton GbR",
  logoText: "HALBTON",
  street: "Kiefholzhöfe 14, Aufgang C",
  postcode: "12435",
  city: "Berlin",
  phone: "+49 30 5557 1934",
  email: "hallo@studio-halbton.example",
  jobsEmail: "jobs@studio-halbton.example",
  website: "https://studio-halbton.example",
  instagram: "https://www.instagram.com/studio.halbton",
  partners: ["Mira Okafor-Kessler", "Jonas Brandtner"],
  vatId: "DE 123 456 789",
  founded: 2016,
} as const;

export interface ProjectLook {
  style: ArtStyle;
  duo: number;
  letters: string;
}

export interface Project {
  slug: string;
  name: string;
  client: string;
  services: string;
  tags: Tag[];
  /** The large article headline. */
  headline: string;
  /** info[0].Headline01: the text block's headline. */
  headline01: string;
  intro: string[];
  link?: { url: string; title: string } | { story: string; title: string };
  look: ProjectLook;
}

export const PROJECTS: Project[] = [
  {
    slug: "tidewater-type",
    name: "Tidewater Type",
    client: "Nordmole Verlag",
    services: "Type Design, Specimen, Webfont",
    tags: ["Typefont", "Research"],
    headline: "Tidewater — a grotesque that reads the tides",
    headline01: "Eine Hausschrift für einen Verlag an der Küste, gezeichnet nach Pegeltafeln und Hafenschildern.",
    intro: [
      "Nordmole publishes guidebooks for the North Sea coast. Their old house face looked great on the cover and fell apart in the tide tables. We started where it hurt most: tabular figures at 6 pt, printed on thin paper.",
      "Tidewater hat heute vier Schnitte, echte Kapitälchen und Ziffern, die auch im Dunkeln auf der Fähre lesbar bleiben. Die Formen kommen aus emaillierten Hafenschildern, die wir zwischen Husum und Emden fotografiert haben.",
    ],
    link: { url: "https://nordmole-verlag.example/tidewater", title: "Specimen ansehen" },
    look: { style: "specimen", duo: 5, letters: "T" },
  },
  {
    slug: "kiosk-morgenrot",
    name: "Kiosk Morgenrot",
    client: "Kiosk Morgenrot e.V.",
    services: "Identity, Signage, Packaging",
    tags: ["Branding", "Poster"],
    headline: "Kiosk Morgenrot — open from six, loud all day",
    headline01: "Ein Späti wird zum Kulturort: Identität, Schilder und Tüten für einen Kiosk mit Lesebühne.",
    intro: [
      "Morgenrot is a corner kiosk in Friedrichshain that hosts readings between the crates. The collective asked for an identity that survives marker pens, sun-bleached windows and a photocopier from 1998.",
      "Wir haben ein System aus Stempeln, zwei Farben und einer Rasterfläche gebaut, das jede Ehrenamtliche in fünf Minuten bedienen kann. Das Plakat zur Wiedereröffnung hing drei Wochen lang in jedem Hausflur im Kiez.",
    ],
    link: { url: "https://kiosk-morgenrot.example", title: "Zum Kiosk" },
    look: { style: "poster", duo: 6, letters: "KM" },
  },
  {
    slug: "spreelicht-festival",
    name: "Spreelicht Festival 2024",
    client: "Spreelicht Kulturbüro",
    services: "Campaign, Posters, Motion",
    tags: ["Poster", "Animation"],
    headline: "Spreelicht — ein Festival in Lichtgeschwindigkeit",
    headline01: "Kampagne für ein Lichtkunstfestival am Wasser: 14 Plakatmotive, 40 Loops, eine Nacht.",
    intro: [
      "Spreelicht turns a stretch of riverbank into an open-air gallery for one weekend a year. The campaign had to work on A0 posters, on U-Bahn screens and as a projection on the water itself.",
      "Unsere Antwort war ein Raster aus Lichtpunkten, das sich in jedem Medium anders verhält: gedruckt als Halbton, animiert als Welle, projiziert als flackerndes Feld.",
    ],
    link: { url: "https://spreelicht.example/programm", title: "Programm 2024" },
    look: { style: "halftone", duo: 2, letters: "SL" },
  },
  {
    slug: "grotesk-nr-7",
    name: "Grotesk Nr. 7",
    client: "Halbton Type (self-initiated)",
    services: "Type Design, Variable Font",
    tags: ["Typefont"],
    headline: "Grotesk Nr. 7 — our seventh try at the perfect R",
    headline01: "Eine variable Grotesk mit Breiten- und Gewichtsachse, entstanden aus sieben verworfenen Entwürfen.",
    intro: [
      "Every type designer has a drawer of abandoned grotesques. Ours had six. Number seven is what happened when we stopped fighting the R and let the leg curl.",
      "Die Schrift läuft von Hairline bis Black und von Condensed bis Wide. Sie ist die Hausschrift dieser Website: das große HALBTON im Footer atmet mit ihrer Gewichtsachse.",
    ],
    look: { style: "specimen", duo: 9, letters: "R" },
  },
  {
    slug: "atlas-der-stille",
    name: "Atlas der Stille",
    client: "Museum für Klang und Raum",
    services: "Research, Exhibition Graphics, Sound Maps",
    tags: ["Research", "Sound"],
    headline: "Atlas der Stille — mapping the quietest places in Berlin",
    headline01: "Eine Ausstellung über die leisesten Orte der Stadt, mit Messdaten, Karten und Hörstationen.",
    intro: [
      "For a year we carried a decibel meter through Berlin at four in the morning. The museum wanted an exhibition about silence; we wanted to know whether it still exists within the Ring.",
      "Aus 1.200 Messungen wurden 38 Karten, ein Leitsystem in Graustufen und ein Hörraum, in dem man nichts hört außer dem eigenen Atem.",
    ],
    link: { url: "https://klang-und-raum.example/atlas", title: "Zur Ausstellung" },
    look: { style: "moire", duo: 9, letters: "AS" },
  },
  {
    slug: "halbe-sachen",
    name: "Halbe Sachen",
    client: "Self-published zine",
    services: "Editorial, Risograph Print",
    tags: ["Poster", "Research"],
    headline: "Halbe Sachen — a zine about unfinished things",
    headline01: "Unser Jahresheft über abgebrochene Projekte, verworfene Skizzen und Plakate, die nie hingen.",
    intro: [
      "Once a year we print what did not make it: rejected pitches, half-drawn alphabets, the poster the client loved and the printer hated. Two colours, 300 copies, stapled by hand.",
      "Diese Ausgabe hat keine Bildstrecke, nur Text und Raster. Wer Bilder sehen will, muss vorbeikommen und im Archiv blättern.",
    ],
    look: { style: "halftone", duo: 0, letters: "HS" },
  },
  {
    slug: "faehre-12",
    name: "Fähre 12",
    client: "Reederei Lindholm",
    services: "Identity, Wayfinding, Website",
    tags: ["Branding", "Website"],
    headline: "Fähre 12 — a ferry line gets a face",
    headline01: "Neues Erscheinungsbild für eine kleine Reederei: vom Fahrplan bis zur Rettungsweste.",
    intro: [
      "Reederei Lindholm runs four boats and one very loyal crowd of commuters. Their timetable was a scanned PDF; their logo was a clip-art anchor.",
      "Wir haben die Linie 12 zum Zeichen gemacht: eine Ziffer aus Punkten, die auf Bug, Ticket und Website gleich gut funktioniert. Der Fahrplan ist jetzt eine Seite, die auch bei Seegang lädt.",
    ],
    link: { url: "https://reederei-lindholm.example", title: "Fahrplan online" },
    look: { style: "waves", duo: 5, letters: "F" },
  },
  {
    slug: "pixelweide",
    name: "Pixelweide",
    client: "Agrarkollektiv Uckermark",
    services: "Data Visualisation, Web App",
    tags: ["Digital", "Website"],
    headline: "Pixelweide — Satellitendaten für Schafe",
    headline01: "Eine Web-App, die Weideflächen aus Satellitenbildern liest und Schäferinnen den besten Hang zeigt.",
    intro: [
      "Work in progress: an app that turns open satellite data into grazing maps for a cooperative of shepherds in the Uckermark.",
      "Noch nicht veröffentlicht. Wir testen gerade mit drei Herden und einem sehr geduldigen Hütehund.",
    ],
    look: { style: "bauhaus", duo: 3, letters: "PW" },
  },
  {
    slug: "loop-lab",
    name: "Loop Lab",
    client: "Kunsthalle am Kanal",
    services: "Motion Design, Exhibition Screens",
    tags: ["Animation", "Digital"],
    headline: "Loop Lab — forty seconds, forever",
    headline01:
      "Animierte Ausstellungsgrafik: jede Schleife ist genau 40 Sekunden lang, damit alle Screens synchron laufen.",
    intro: [
      "The Kunsthalle asked for moving image on eleven screens that never show the same frame twice in a row — and never fall out of sync.",
      "Wir haben ein Punktraster programmiert, das aus den Farben der aktuellen Ausstellung Bewegungen erzeugt. Jede Ausstellung bekommt ihren eigenen Loop, gerendert in einer Nacht.",
    ],
    look: { style: "halftone", duo: 4, letters: "LL" },
  },
  {
    slug: "neue-mitte-wayfinding",
    name: "Neue Mitte Wayfinding",
    client: "Quartiersgesellschaft Neue Mitte",
    services: "Wayfinding, Pictograms, Research",
    tags: ["Branding", "Research"],
    headline: "Neue Mitte — finding your way through a neighbourhood under construction",
    headline01: "Ein Leitsystem für ein Quartier, das noch gebaut wird: modular, austauschbar, ehrlich.",
    intro: [
      "How do you sign a place that changes every month? We spent six weeks walking the site with residents, delivery drivers and a crane operator before we drew a single arrow.",
      "Das System besteht aus 24 Piktogrammen, einer Farbe pro Bauabschnitt und Tafeln, die der Hausmeister mit vier Schrauben umhängen kann.",
    ],
    look: { style: "bauhaus", duo: 0, letters: "NM" },
  },
  {
    slug: "cafe-kontor",
    name: "Café Kontor",
    client: "Kontor Rösterei",
    services: "Identity, Packaging, Menu",
    tags: ["Branding"],
    headline: "Café Kontor — coffee with a ledger",
    headline01: "Eine Rösterei im alten Kontorhaus: Etiketten wie Buchungssätze, Karten wie Quittungen.",
    intro: [
      "The roastery moved into a former trading office and kept the ledgers they found in the basement. We kept the idea: every bag label is a booking entry with origin, roast date and balance.",
      "Die Kaffeekarte ist ein Kassenbon, die Tassen tragen Kontonummern. Gäste fotografieren sie öfter als den Latte Art.",
    ],
    look: { style: "poster", duo: 7, letters: "CK" },
  },
  {
    slug: "rauschen",
    name: "Rauschen",
    client: "Unterton Records",
    services: "Album Artwork, Motion, Visualiser",
    tags: ["Animation", "Sound"],
    headline: "Rauschen — artwork you can almost hear",
    headline01: "Plattencover und Visualizer für ein Ambient-Album, generiert aus den Wellenformen der Tracks.",
    intro: [
      "Unterton asked for an album cover for an hour of tape hiss, field recordings and one very long synth pad. We fed the waveforms into our halftone tools and let the music draw.",
      "Jedes der acht Stücke hat ein eigenes Motiv, und der Visualizer läuft live mit: Tiefen werden zu großen Punkten, Höhen zu feinem Raster.",
    ],
    link: { url: "https://unterton-records.example/rauschen", title: "Anhören" },
    look: { style: "waves", duo: 2, letters: "R" },
  },
  {
    slug: "modular-mono",
    name: "Modular Mono",
    client: "Halbton Type (self-initiated)",
    services: "Type Design, Coding Font",
    tags: ["Typefont", "Digital"],
    headline: "Modular Mono — a monospace built from one dot",
    headline01: "Eine Monospace-Schrift für Code und Terminal, konstruiert aus einem einzigen Punktmodul.",
    intro: [
      "Every glyph in Modular Mono is drawn on a five-by-seven grid of the same dot. It started as a joke in our Slack and ended up in our text editors.",
      "Die Schrift unterscheidet 0 und O, 1 und l, und sie hat Ligaturen für Pfeile, die man wieder ausschalten kann.",
    ],
    look: { style: "specimen", duo: 0, letters: "M" },
  },
  {
    slug: "lange-nacht-der-werkstaetten",
    name: "Lange Nacht der Werkstätten",
    client: "Werkhof Lichtenberg",
    services: "Posters, Flyers, Social",
    tags: ["Poster"],
    headline: "Lange Nacht der Werkstätten — 60 workshops, one night",
    headline01: "Plakate für eine Nacht der offenen Werkstätten: jede Werkstatt bekam ihr eigenes Motiv.",
    intro: [
      "Carpenters, printers, a bike repair co-op and a neon bender opened their doors until two in the morning. Each of them got a poster made from their own tools, scanned and rastered.",
      "Gedruckt im Siebdruck bei einer der teilnehmenden Werkstätten, in einer Auflage von 600 Stück.",
    ],
    look: { style: "poster", duo: 1, letters: "LN" },
  },
  {
    slug: "offene-stadt-daten",
    name: "Offene Stadt Daten",
    client: "Initiative Offene Stadt",
    services: "Data Design, Website, Research",
    tags: ["Digital", "Website", "Research"],
    headline: "Offene Stadt Daten — public data people actually use",
    headline01: "Ein Portal für offene Stadtdaten, das mit Bürgerinnen statt mit Datensätzen beginnt.",
    intro: [
      "The initiative had 400 open datasets and eleven monthly visitors. We interviewed people at libraries and laundromats about the questions they actually have about their street.",
      "Die neue Seite beantwortet zuerst Fragen — Wann kommt der Bus? Wie laut ist es hier nachts? — und zeigt erst dann die Tabellen dahinter.",
    ],
    link: { url: "https://offene-stadt.example", title: "Zum Portal" },
    look: { style: "bauhaus", duo: 5, letters: "OS" },
  },
  {
    slug: "salz-und-sirup",
    name: "Salz & Sirup",
    client: "Bar Salz & Sirup",
    services: "Identity, Menu, Posters",
    tags: ["Branding", "Poster"],
    headline: "Salz & Sirup — sweet, salty, set in caps",
    headline01: "Erscheinungsbild für eine Cocktailbar, deren Karte jede Woche neu geschrieben wird.",
    intro: [
      "A bar with a weekly changing menu needs a system, not a layout. We designed a menu template the bartenders fill in with a label maker.",
      "Das Zeichen ist ein Ampersand aus Punkten — halb Salzkristall, halb Sirupperle — und es leuchtet nachts in Neon über der Tür.",
    ],
    look: { style: "poster", duo: 4, letters: "S&S" },
  },
  {
    slug: "kanaltoene",
    name: "Kanaltöne",
    client: "Kanaltöne Festival",
    services: "Festival Identity, Posters, Animation",
    tags: ["Poster", "Animation"],
    headline: "Kanaltöne — a music festival on a canal boat",
    headline01: "Ein Festival für experimentelle Musik auf einem Kanalschiff: Plakate, die wie Wasser flimmern.",
    intro: [
      "Three nights, one boat, two hundred guests. The posters had to sell out a festival nobody had heard of yet.",
      "Wir haben Wasserwellen in Rasterlinien übersetzt und sie in vier Sonderfarben gedruckt. Online bewegen sich dieselben Linien im Takt der Headliner.",
    ],
    link: { url: "https://kanaltoene.example", title: "Festivalseite" },
    look: { style: "waves", duo: 4, letters: "KT" },
  },
  {
    slug: "signal-serif",
    name: "Signal Serif",
    client: "Halbton Type (self-initiated)",
    services: "Type Design, Editorial",
    tags: ["Typefont"],
    headline: "Signal Serif — a text face for small screens and loud headlines",
    headline01: "Eine Serifenschrift mit optischen Größen: robust in 12 px, elegant in 120 pt.",
    intro: [
      "Signal started as a headline face for Halbe Sachen and grew a text cut when we realised it held up on cheap phone screens.",
      "Drei optische Größen, je vier Gewichte, Kursive mit eigenem Charakter. Lizenz für Magazine und unabhängige Verlage zum halben Preis.",
    ],
    look: { style: "specimen", duo: 1, letters: "S" },
  },
  {
    slug: "farbraum-archiv",
    name: "Farbraum Archiv",
    client: "Stiftung Farbraum",
    services: "Website, Collection Database, Research",
    tags: ["Website", "Research"],
    headline: "Farbraum Archiv — 9,000 colour samples, one search field",
    headline01: "Digitale Sammlung einer Stiftung für Farbgeschichte, durchsuchbar nach Ton, Herkunft und Jahrzehnt.",
    intro: [
      "The foundation owns paint swatches from a century of German industry. They were catalogued in three incompatible spreadsheets and one very old card index.",
      "Wir haben die Daten zusammengeführt, 9.000 Proben farbverbindlich fotografieren lassen und eine Website gebaut, auf der man nach Farben sucht, nicht nach Nummern.",
    ],
    link: { url: "https://farbraum-archiv.example", title: "Sammlung durchsuchen" },
    look: { style: "orbs", duo: 7, letters: "FA" },
  },
  {
    slug: "bewegte-lettern",
    name: "Bewegte Lettern",
    client: "Typo Tage Leipzig",
    services: "Motion Typography, Title Sequence",
    tags: ["Animation", "Typefont"],
    headline: "Bewegte Lettern — type that refuses to sit still",
    headline01: "Titelsequenz und Bühnenloops für eine Typografie-Konferenz, komplett aus Punkten animiert.",
    intro: [
      "A type conference asked us for a title sequence. We answered with letters that assemble themselves from dots, breathe and fall apart again.",
      "Alle Animationen laufen in Echtzeit im Browser, damit die Moderation Namen und Titel live eintippen konnte.",
    ],
    look: { style: "halftone", duo: 1, letters: "BL" },
  },
  {
    slug: "kiezkarte",
    name: "Kiezkarte",
    client: "Nachbarschaftsnetz Neukölln Süd",
    services: "Web App, Illustration",
    tags: ["Digital", "Website"],
    headline: "Kiezkarte — a hand-drawn map that updates itself",
    headline01: "Eine Nachbarschaftskarte, auf der Initiativen ihre Orte selbst eintragen, gezeichnet statt gerendert.",
    intro: [
      "Online maps make every neighbourhood look the same. The Nachbarschaftsnetz wanted theirs to look like the flyers in the stairwell.",
      "Jeder Ort bekommt ein gezeichnetes Symbol, und die Karte druckt sich auf Knopfdruck als A3-Aushang aus.",
    ],
    link: { url: "https://kiezkarte.example", title: "Karte öffnen" },
    look: { style: "bauhaus", duo: 1, letters: "KK" },
  },
  {
    slug: "hafenkino",
    name: "Hafenkino",
    client: "Hafenkino Treptow",
    services: "Identity, Programme Posters",
    tags: ["Branding", "Poster"],
    headline: "Hafenkino — cinema under the cranes",
    headline01: "Ein Open-Air-Kino im Hafen bekommt Plakate, die nach Sonnenuntergang am besten aussehen.",
    intro: [
      "Every summer the Hafenkino shows films between shipping containers. The programme posters go up at dusk, so we designed them for dusk: high contrast, glowing orange, halftone skies.",
      "Das Logo ist ein Filmstreifen aus Containern — und es passt auf die Eintrittsbänder, die alle am nächsten Morgen noch tragen.",
    ],
    look: { style: "halftone", duo: 6, letters: "HK" },
  },
  {
    slug: "papierfabrik-nord",
    name: "Papierfabrik Nord",
    client: "Papierfabrik Nord GmbH",
    services: "Corporate Design, Website, Sample Books",
    tags: ["Branding", "Website"],
    headline: "Papierfabrik Nord — a paper mill that wants to be touched",
    headline01: "Corporate Design und Musterbücher für eine Papierfabrik, bei der jedes Blatt die Marke ist.",
    intro: [
      "How do you show paper on a screen? You don't. The website's only job is to get people to order the sample book.",
      "Die Musterbücher sind in zwölf Papieren gebunden, und jedes Kapitel zeigt dasselbe Motiv auf einer anderen Oberfläche.",
    ],
    link: { url: "https://papierfabrik-nord.example/muster", title: "Musterbuch bestellen" },
    look: { style: "orbs", duo: 0, letters: "PN" },
  },
  {
    slug: "nachtbus",
    name: "Nachtbus",
    client: "Self-initiated poster series",
    services: "Posters, Screen Printing",
    tags: ["Poster"],
    headline: "Nachtbus — twelve posters for twelve night lines",
    headline01: "Eine Plakatserie über die Nachtbuslinien der Stadt, gedruckt in Leuchtfarben auf Schwarz.",
    intro: [
      "Between one and four in the morning the city belongs to the night buses. We rode all twelve lines and drew one poster per route.",
      "Die Serie wurde in einer Bushaltestelle in Kreuzberg ausgestellt und war nach zwei Nächten ausverkauft.",
    ],
    look: { style: "poster", duo: 2, letters: "N" },
  },
  {
    slug: "gruenflaeche",
    name: "Grünfläche",
    client: "Brach & Weide Landschaftsarchitekten",
    services: "Identity, Website, Presentation System",
    tags: ["Branding", "Website"],
    headline: "Grünfläche — identity for landscape architects who love weeds",
    headline01: "Ein Erscheinungsbild, das wächst: das Logo verändert sich mit den Jahreszeiten.",
    intro: [
      "Brach & Weide design parks that look a little unfinished on purpose. Their identity does the same: the mark grows dots in spring and loses them in autumn.",
      "Die Website zeigt Projekte nach Pflanzengemeinschaften statt nach Jahren, und die Präsentationsvorlage funktioniert auch ausgedruckt auf der Baustelle.",
    ],
    link: { url: "https://brach-und-weide.example", title: "Büro besuchen" },
    look: { style: "bauhaus", duo: 3, letters: "GF" },
  },
  {
    slug: "koernung",
    name: "Körnung",
    client: "Self-initiated research",
    services: "Research, Risograph, Workshops",
    tags: ["Research", "Poster"],
    headline: "Körnung — what happens between the dots",
    headline01:
      "Eine Recherche über Rasterweiten, Moirés und Fehldrucke auf dem Risographen, mit Workshops für Studierende.",
    intro: [
      "We printed the same image 140 times with different screen angles, frequencies and dot shapes. Körnung is the catalogue of everything that went wrong — and why it looked better.",
      "Die Ergebnisse zeigen wir in Workshops an Hochschulen, inklusive einer Sammlung von Moiré-Mustern, die man absichtlich herstellen kann.",
    ],
    look: { style: "moire", duo: 0, letters: "K" },
  },
  {
    slug: "lautschrift",
    name: "Lautschrift",
    client: "Sprachlabor Humboldtstraße",
    services: "Type Design, Research, Phonetic Glyphs",
    tags: ["Typefont", "Research"],
    headline: "Lautschrift — a typeface for the sounds between letters",
    headline01: "Eine Schrift mit vollständigem IPA-Zeichensatz für ein Sprachlabor, das Dialekte dokumentiert.",
    intro: [
      "Linguists kept asking us why every phonetic font looks like a typewriter. We spent a winter drawing 600 glyphs that finally match a contemporary text face.",
      "Lautschrift ist frei für Forschung und Lehre. Das Sprachlabor nutzt sie für ein Archiv von 300 Stunden berlinerischer Tonaufnahmen.",
    ],
    look: { style: "specimen", duo: 3, letters: "L" },
  },
  {
    slug: "wellenform",
    name: "Wellenform",
    client: "Wellenform Audio GmbH",
    services: "App Design, Motion, UI Sound",
    tags: ["Digital", "Animation"],
    headline: "Wellenform — an audio app that looks like it sounds",
    headline01: "Interface und Motion Design für eine Aufnahme-App, in der jede Geste eine hörbare Antwort hat.",
    intro: [
      "Wellenform builds a recording app for podcasters. We designed an interface where the waveform is the navigation: pinch to zoom, swipe to cut, tap to mark.",
      "Jede Animation hat einen passenden UI-Sound, den wir zusammen mit dem Team aus echten Bandmaschinen-Geräuschen geschnitten haben.",
    ],
    look: { style: "waves", duo: 1, letters: "W" },
  },
  {
    slug: "mikrokosmos-magazin",
    name: "Mikrokosmos Magazin",
    client: "Mikrokosmos Verlag",
    services: "Editorial Design, Website",
    tags: ["Website", "Digital"],
    headline: "Mikrokosmos — a science magazine, small on purpose",
    headline01: "Relaunch eines Wissenschaftsmagazins: jede Ausgabe widmet sich einem Gegenstand unter dem Mikroskop.",
    intro: [
      "Each issue of Mikrokosmos looks at one tiny thing — a pollen grain, a bit of rust, a single halftone dot. The redesign makes the magazine feel like looking through a lens.",
      "Online erscheinen die Geschichten als lange Scroll-Strecken, in denen man immer tiefer ins Bild zoomt.",
    ],
    link: { url: "https://mikrokosmos-magazin.example", title: "Aktuelle Ausgabe" },
    look: { style: "orbs", duo: 5, letters: "MK" },
  },
  {
    slug: "offene-werkstatt",
    name: "Offene Werkstatt",
    client: "Studio Halbton",
    services: "Posters, Event Design",
    tags: ["Poster"],
    headline: "Offene Werkstatt — our doors, once a month",
    headline01: "Einmal im Monat öffnen wir das Studio: Siebdruck, Risograph und Kaffee für alle.",
    intro: [
      "On the first Friday of every month our studio turns into a print shop. Neighbours bring t-shirts, students bring portfolios, and someone always brings cake.",
      "Für jeden Termin drucken wir ein neues Plakat, immer mit den Farbresten des Vormonats.",
    ],
    link: { story: "koernung", title: "Mehr zur Recherche Körnung" },
    look: { style: "poster", duo: 8, letters: "OW" },
  },
  {
    slug: "dachgarten-sessions",
    name: "Dachgarten Sessions",
    client: "Dachgarten Kollektiv",
    services: "Live Visuals, Animation, Posters",
    tags: ["Animation", "Poster"],
    headline: "Dachgarten Sessions — visuals for a rooftop at sunset",
    headline01: "Live-Visuals für eine Konzertreihe auf einem Dach, gesteuert vom Sonnenstand.",
    intro: [
      "The Dachgarten Kollektiv hosts concerts on a rooftop in Wedding. Our visuals change colour with the actual sun: warm at the start, deep blue when the headliner plays.",
      "Die Plakate zeigen denselben Verlauf — gedruckt als Halbton in drei Sonderfarben.",
    ],
    look: { style: "orbs", duo: 2, letters: "DS" },
  },
  {
    slug: "fluchtpunkt-architekten",
    name: "Fluchtpunkt Architekten",
    client: "Fluchtpunkt Architekten PartGmbB",
    services: "Identity, Website, Signage",
    tags: ["Branding", "Website"],
    headline: "Fluchtpunkt — an identity drawn in perspective",
    headline01: "Erscheinungsbild für ein Architekturbüro: ein Zeichen, das sich mit dem Blickwinkel verändert.",
    intro: [
      "Fluchtpunkt means vanishing point. The logo is a grid of dots that converges differently on every application — letterhead, website, the brass sign by the door.",
      "Die Website ordnet Projekte entlang einer Zeitachse, die sich beim Scrollen in die Tiefe zieht.",
    ],
    link: { url: "https://fluchtpunkt-architekten.example", title: "Projekte ansehen" },
    look: { style: "moire", duo: 8, letters: "FP" },
  },
];

/** Articles with a special role in the demo (index into the article list). */
export const SPECIAL = {
  /** Draft differs from the published version (`published` key). */
  draftChanged: 2,
  /** No Wrapper list: the site shows 'no Image'. */
  noWrapper: 5,
  /** Never published (`published: null`). */
  neverPublished: 7,
} as const;

export const MIN_ARTICLES = 10;

// Word lists for the procedurally generated articles of a benchmark run.
export const GENERATED_FIRST = [
  "Neue",
  "Stille",
  "Offene",
  "Helle",
  "Late",
  "Quiet",
  "Open",
  "Soft",
  "Bold",
  "Graue",
  "Rote",
  "Blaue",
  "Kleine",
  "Große",
  "Night",
  "Paper",
  "Field",
  "North",
  "Lose",
  "Warme",
] as const;
export const GENERATED_SECOND = [
  "Werkstatt",
  "Archive",
  "Signale",
  "Kanten",
  "Fields",
  "Hefte",
  "Routen",
  "Lettern",
  "Frequenzen",
  "Formen",
  "Systems",
  "Notes",
  "Plakate",
  "Räume",
  "Stimmen",
  "Schichten",
  "Muster",
  "Editions",
  "Zeichen",
  "Wellen",
] as const;
export const GENERATED_CLIENT_PREFIX = [
  "Atelier",
  "Verlag",
  "Kollektiv",
  "Galerie",
  "Büro",
  "Haus",
  "Edition",
  "Werkraum",
] as const;
export const GENERATED_CLIENT_NAME = [
  "Lindqvist",
  "Brenner",
  "am Ufer",
  "Morgenland",
  "Kranich",
  "Sieben",
  "Oberbaum",
  "Feldmann",
  "Nordlicht",
  "Weidenau",
] as const;
export const GENERATED_SERVICES = [
  "Identity, Website",
  "Posters, Motion",
  "Type Design",
  "Editorial Design",
  "Research, Exhibition",
  "Web App, UI",
  "Packaging, Identity",
  "Animation, Social",
] as const;

/** Generic paragraphs about process, in the studio's German/English mix. */
export const PROCESS_PARAGRAPHS = [
  "We started with a week of research: walks, photos, interviews and far too much coffee. Erst danach wurde gezeichnet.",
  "Am Anfang stand ein Workshop mit dem ganzen Team des Auftraggebers. Was muss die Gestaltung können, was darf sie weglassen?",
  "The system is deliberately small: two colours, one typeface, a grid of dots. Everything else is left to the people who use it.",
  "Gedruckt haben wir bei einer Druckerei in Brandenburg, die seit drei Generationen Plakate macht und jeden Fehler sofort sieht.",
  "Online the same ideas move: the halftone becomes a loop, the grid becomes the layout, the colours become states.",
  "Wir haben jede Anwendung zuerst in Schwarzweiß gebaut. Farbe kam erst, als das Raster ohne sie funktioniert hat.",
  "The result launched quietly and grew through word of mouth. Ein Jahr später ist es aus dem Kiez nicht mehr wegzudenken.",
  "Zum Projekt gehört eine Dokumentation, die erklärt, wie man das System weiterbaut, ohne uns anzurufen.",
] as const;

/** Captions (Image.name) for the shared detail images. */
export const DETAIL_CAPTIONS = [
  "Plakat im Siebdruck, 3-farbig",
  "Specimen spread, Seite 12",
  "Detail: Rasterweite 20 L/cm",
  "Screen design, desktop",
  "Probedruck auf Munken Pure",
  "Motion still, frame 240",
  "Signage mock-up",
  "Risograph test print, pink over blue",
  "Packaging, front and back",
  "Grid study, 12 columns",
  "Exhibition wall, 1:20",
  "Colour study, Sonderfarben",
  "Poster series, installation view",
  "Website, mobile view",
  "Sketchbook page",
  "Letterhead and cards",
  "Foldout map, closed",
  "Schablone für die Beschilderung",
  "Cover, final version",
  "Typeface proof, 6 to 72 pt",
  "Halftone detail, 400 %",
  "Flyer stack",
  "Stempelsatz",
  "UI states, dark mode",
] as const;
