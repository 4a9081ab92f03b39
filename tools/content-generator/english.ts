// The demo studio's English texts: Storyblok's field-level translation of its German ones.
import type { ComponentDefinition } from "../../app/content/schema/component";
import { COMPONENTS } from "../../app/content/schema/components";

/**
 * German text -> its English version, for every text of a translatable
 * field (rich text by its text runs). Project, client and place names stay
 * as they are; so do texts that are English already (the studio writes
 * some in English).
 */
const ENGLISH: ReadonlyMap<string, string> = new Map([
  // header, footer, index, imprint
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

  // the articles' shared texts
  ["Ein Blick auf die Details:", "A look at the details:"],
  ["Fragen zum Projekt? Schreib uns an ", "Questions about the project? Write to us at "],
  [" oder schau auf ", " or drop by "],
  ["unserer Website", "our website"],
  [" vorbei ", " "],
  [
    "The result launched quietly and grew through word of mouth. Ein Jahr später ist es aus dem Kiez nicht mehr wegzudenken.",
    "The result launched quietly and grew through word of mouth. A year later the neighbourhood cannot imagine being without it.",
  ],
  [" Wochen Laufzeit", " weeks from start to finish"],
  [" Anwendungen", " applications"],
  ["1 Druckerei, ", "1 print shop, "],
  [" Ausreden", " excuses"],
  [
    "Gedruckt haben wir bei einer Druckerei in Brandenburg, die seit drei Generationen Plakate macht und jeden Fehler sofort sieht.",
    "We printed with a shop in Brandenburg that has made posters for three generations and spots every mistake at once.",
  ],
  ["Leistungen", "Services"],
  ["Dokumentation und Übergabe", "Documentation and hand-over"],
  ["Ursprünglich war ", "We had planned "],
  ["ein dreifarbiger Druck", "a three-colour print"],
  [" geplant; am Ende reichten zwei Farben und ", "; in the end two colours and "],
  ["sehr viel Papierweiß", "a great deal of white paper"],
  [
    "Am Anfang stand ein Workshop mit dem ganzen Team des Auftraggebers. Was muss die Gestaltung können, was darf sie weglassen?",
    "It began with a workshop with the client's whole team. What does the design have to do, and what may it leave out?",
  ],
  ["Farbe ist bei uns ein Werkzeug: ", "For us colour is a tool: "],
  [" für alles, was laut sein darf, ", " for everything that may be loud, "],
  [" für alles, was bleiben soll. ", " for everything that should last. "],
  ["auch nicht im ersten Entwurf", "not even in the first draft"],
  ["Briefing im Januar,", "briefing in January,"],
  ["erste Skizzen im Februar,", "first sketches in February,"],
  ["Launch im Frühling.", "launch in spring."],
  ["Druckdaten", "Print specs"],
  ["Papier 120 g/m", "Paper 120 g/m"],
  ["-kompensiert gedruckt, Sonderfarbe ", "-offset printing, spot colour "],
  [", Rasterweite 20 L/cm.", ", screen ruling 20 lines/cm."],
  ["Kontakt: ", "Contact: "],
  ["Siehe auch", "See also"],
  ["Plakat im Siebdruck, 3-farbig", "Screen-printed poster, 3 colours"],
  ["Update 2025:", "Update 2025:"],
  [
    "We started with a week of research: walks, photos, interviews and far too much coffee. Erst danach wurde gezeichnet.",
    "We started with a week of research: walks, photos, interviews and far too much coffee. Only then did we start drawing.",
  ],
  [
    "Zum Projekt gehört eine Dokumentation, die erklärt, wie man das System weiterbaut, ohne uns anzurufen.",
    "The project comes with documentation that explains how to extend the system without calling us.",
  ],

  // the articles' headlines, info and texts
  [
    "Atlas der Stille — mapping the quietest places in Berlin",
    "Atlas der Stille — mapping the quietest places in Berlin",
  ],
  [
    "Aus 1.200 Messungen wurden 38 Karten, ein Leitsystem in Graustufen und ein Hörraum, in dem man nichts hört außer dem eigenen Atem.",
    "1,200 measurements became 38 maps, a wayfinding system in shades of grey and a listening room where you hear nothing but your own breath.",
  ],
  [
    "Eine Ausstellung über die leisesten Orte der Stadt, mit Messdaten, Karten und Hörstationen.",
    "An exhibition about the quietest places in the city, with measurements, maps and listening stations.",
  ],
  [
    "Alle Animationen laufen in Echtzeit im Browser, damit die Moderation Namen und Titel live eintippen konnte.",
    "Every animation runs in real time in the browser, so the hosts could type names and titles live.",
  ],
  [
    "Titelsequenz und Bühnenloops für eine Typografie-Konferenz, komplett aus Punkten animiert.",
    "A title sequence and stage loops for a typography conference, animated entirely from dots.",
  ],
  [
    "Die Kaffeekarte ist ein Kassenbon, die Tassen tragen Kontonummern. Gäste fotografieren sie öfter als den Latte Art.",
    "The coffee menu is a till receipt and the cups carry account numbers. Guests photograph them more often than the latte art.",
  ],
  [
    "Eine Rösterei im alten Kontorhaus: Etiketten wie Buchungssätze, Karten wie Quittungen.",
    "A roastery in an old trading house: labels like ledger entries, menus like receipts.",
  ],
  [
    "Die Plakate zeigen denselben Verlauf — gedruckt als Halbton in drei Sonderfarben.",
    "The posters show the same gradient — printed as a halftone in three spot colours.",
  ],
  [
    "Live-Visuals für eine Konzertreihe auf einem Dach, gesteuert vom Sonnenstand.",
    "Live visuals for a series of rooftop concerts, driven by the position of the sun.",
  ],
  ["Fähre 12 — a ferry line gets a face", "Fähre 12 — a ferry line gets a face"],
  [
    "Wir haben die Linie 12 zum Zeichen gemacht: eine Ziffer aus Punkten, die auf Bug, Ticket und Website gleich gut funktioniert. Der Fahrplan ist jetzt eine Seite, die auch bei Seegang lädt.",
    "We turned line 12 into a sign: a numeral made of dots that works as well on the bow as on the ticket and the website. The timetable is now a page that loads even in a heavy swell.",
  ],
  [
    "Neues Erscheinungsbild für eine kleine Reederei: vom Fahrplan bis zur Rettungsweste.",
    "A new identity for a small shipping company: from the timetable to the life jacket.",
  ],
  [
    "Wir haben die Daten zusammengeführt, 9.000 Proben farbverbindlich fotografieren lassen und eine Website gebaut, auf der man nach Farben sucht, nicht nach Nummern.",
    "We merged the data, had 9,000 samples photographed colour-true and built a website where you search by colour, not by number.",
  ],
  [
    "Digitale Sammlung einer Stiftung für Farbgeschichte, durchsuchbar nach Ton, Herkunft und Jahrzehnt.",
    "The digital collection of a foundation for the history of colour, searchable by hue, origin and decade.",
  ],
  [
    "Die Website ordnet Projekte entlang einer Zeitachse, die sich beim Scrollen in die Tiefe zieht.",
    "The website arranges projects along a timeline that recedes into depth as you scroll.",
  ],
  [
    "Erscheinungsbild für ein Architekturbüro: ein Zeichen, das sich mit dem Blickwinkel verändert.",
    "An identity for an architecture practice: a mark that changes with your point of view.",
  ],
  [
    "Die Schrift läuft von Hairline bis Black und von Condensed bis Wide. Sie ist die Hausschrift dieser Website: das große HALBTON im Footer atmet mit ihrer Gewichtsachse.",
    "The typeface runs from Hairline to Black and from Condensed to Wide. It is this website's house face: the large HALBTON in the footer breathes with its weight axis.",
  ],
  [
    "»Wir wollten etwas, das man von der anderen Straßenseite erkennt – und bekamen etwas, das man aus der Nähe lesen möchte.«",
    "“We wanted something you recognise from across the street – and got something you want to read up close.”",
  ],
  [
    "Eine variable Grotesk mit Breiten- und Gewichtsachse, entstanden aus sieben verworfenen Entwürfen.",
    "A variable grotesque with width and weight axes, born from seven rejected drafts.",
  ],
  [
    "Grünfläche — identity for landscape architects who love weeds",
    "Grünfläche — identity for landscape architects who love weeds",
  ],
  [
    "Die Website zeigt Projekte nach Pflanzengemeinschaften statt nach Jahren, und die Präsentationsvorlage funktioniert auch ausgedruckt auf der Baustelle.",
    "The website sorts projects by plant community instead of by year, and the presentation template works printed out on the building site, too.",
  ],
  [
    "Ein Erscheinungsbild, das wächst: das Logo verändert sich mit den Jahreszeiten.",
    "An identity that grows: the logo changes with the seasons.",
  ],
  [
    "Das Logo ist ein Filmstreifen aus Containern — und es passt auf die Eintrittsbänder, die alle am nächsten Morgen noch tragen.",
    "The logo is a film strip made of containers — and it fits on the wristbands everybody is still wearing the next morning.",
  ],
  [
    "Ein Open-Air-Kino im Hafen bekommt Plakate, die nach Sonnenuntergang am besten aussehen.",
    "An open-air cinema in the port gets posters that look best after sunset.",
  ],
  [
    "Diese Ausgabe hat keine Bildstrecke, nur Text und Raster. Wer Bilder sehen will, muss vorbeikommen und im Archiv blättern.",
    "This issue has no picture spread, only text and grids. If you want to see pictures, come by and leaf through the archive.",
  ],
  // Halbe Sachen's info headline is left untranslated on purpose: the English page shows it in German (Storyblok's fallback)
  ["Kanaltöne — a music festival on a canal boat", "Kanaltöne — a music festival on a canal boat"],
  [
    "Wir haben Wasserwellen in Rasterlinien übersetzt und sie in vier Sonderfarben gedruckt. Online bewegen sich dieselben Linien im Takt der Headliner.",
    "We translated ripples into screen lines and printed them in four spot colours. Online the same lines move to the headliners' beat.",
  ],
  [
    "Ein Festival für experimentelle Musik auf einem Kanalschiff: Plakate, die wie Wasser flimmern.",
    "A festival of experimental music on a canal boat: posters that shimmer like water.",
  ],
  [
    "Jeder Ort bekommt ein gezeichnetes Symbol, und die Karte druckt sich auf Knopfdruck als A3-Aushang aus.",
    "Every place gets a hand-drawn symbol, and the map prints itself as an A3 notice at the push of a button.",
  ],
  [
    "Eine Nachbarschaftskarte, auf der Initiativen ihre Orte selbst eintragen, gezeichnet statt gerendert.",
    "A neighbourhood map where local initiatives add their own places, drawn rather than rendered.",
  ],
  [
    "Wir haben ein System aus Stempeln, zwei Farben und einer Rasterfläche gebaut, das jede Ehrenamtliche in fünf Minuten bedienen kann. Das Plakat zur Wiedereröffnung hing drei Wochen lang in jedem Hausflur im Kiez.",
    "We built a system of stamps, two colours and a halftone field that any volunteer can use in five minutes. The reopening poster hung in every stairwell in the neighbourhood for three weeks.",
  ],
  [
    "Ein Späti wird zum Kulturort: Identität, Schilder und Tüten für einen Kiosk mit Lesebühne.",
    "A late-night shop becomes a cultural venue: identity, signs and bags for a kiosk with a reading stage.",
  ],
  ["Körnung — what happens between the dots", "Körnung — what happens between the dots"],
  [
    "Die Ergebnisse zeigen wir in Workshops an Hochschulen, inklusive einer Sammlung von Moiré-Mustern, die man absichtlich herstellen kann.",
    "We show the results in workshops at art schools, including a collection of moiré patterns you can make on purpose.",
  ],
  ["Probedruck auf Munken Pure", "Proof on Munken Pure"],
  [
    "Eine Recherche über Rasterweiten, Moirés und Fehldrucke auf dem Risographen, mit Workshops für Studierende.",
    "Research into screen rulings, moirés and misprints on the risograph, with workshops for students.",
  ],
  ["Lange Nacht der Werkstätten — 60 workshops, one night", "Lange Nacht der Werkstätten — 60 workshops, one night"],
  [
    "Gedruckt im Siebdruck bei einer der teilnehmenden Werkstätten, in einer Auflage von 600 Stück.",
    "Screen-printed at one of the participating workshops, in an edition of 600.",
  ],
  [
    "Plakate für eine Nacht der offenen Werkstätten: jede Werkstatt bekam ihr eigenes Motiv.",
    "Posters for a night of open workshops: every workshop got a motif of its own.",
  ],
  [
    "Lautschrift ist frei für Forschung und Lehre. Das Sprachlabor nutzt sie für ein Archiv von 300 Stunden berlinerischer Tonaufnahmen.",
    "Lautschrift is free for research and teaching. The language lab uses it for an archive of 300 hours of Berlin dialect recordings.",
  ],
  [
    "Eine Schrift mit vollständigem IPA-Zeichensatz für ein Sprachlabor, das Dialekte dokumentiert.",
    "A typeface with the complete IPA character set for a language lab that documents dialects.",
  ],
  [
    "Wir haben ein Punktraster programmiert, das aus den Farben der aktuellen Ausstellung Bewegungen erzeugt. Jede Ausstellung bekommt ihren eigenen Loop, gerendert in einer Nacht.",
    "We programmed a dot grid that turns the colours of the current exhibition into movement. Every exhibition gets a loop of its own, rendered in one night.",
  ],
  [
    "Animierte Ausstellungsgrafik: jede Schleife ist genau 40 Sekunden lang, damit alle Screens synchron laufen.",
    "Animated exhibition graphics: every loop is exactly 40 seconds long, so that all screens stay in sync.",
  ],
  [
    "Online erscheinen die Geschichten als lange Scroll-Strecken, in denen man immer tiefer ins Bild zoomt.",
    "Online the stories appear as long scrolling pieces that zoom ever deeper into the picture.",
  ],
  [
    "Relaunch eines Wissenschaftsmagazins: jede Ausgabe widmet sich einem Gegenstand unter dem Mikroskop.",
    "The relaunch of a science magazine: every issue is devoted to one object under the microscope.",
  ],
  [
    "Die Schrift unterscheidet 0 und O, 1 und l, und sie hat Ligaturen für Pfeile, die man wieder ausschalten kann.",
    "The typeface tells 0 from O and 1 from l, and it has ligatures for arrows that you can switch off again.",
  ],
  [
    "Eine Monospace-Schrift für Code und Terminal, konstruiert aus einem einzigen Punktmodul.",
    "A monospaced typeface for code and terminals, constructed from a single dot module.",
  ],
  [
    "Die Serie wurde in einer Bushaltestelle in Kreuzberg ausgestellt und war nach zwei Nächten ausverkauft.",
    "The series was shown in a bus shelter in Kreuzberg and sold out after two nights.",
  ],
  [
    "Eine Plakatserie über die Nachtbuslinien der Stadt, gedruckt in Leuchtfarben auf Schwarz.",
    "A poster series about the city's night bus lines, printed in fluorescent inks on black.",
  ],
  [
    "Das System besteht aus 24 Piktogrammen, einer Farbe pro Bauabschnitt und Tafeln, die der Hausmeister mit vier Schrauben umhängen kann.",
    "The system consists of 24 pictograms, one colour per construction phase and panels the caretaker can move with four screws.",
  ],
  [
    "Ein Leitsystem für ein Quartier, das noch gebaut wird: modular, austauschbar, ehrlich.",
    "A wayfinding system for a neighbourhood still under construction: modular, replaceable, honest.",
  ],
  [
    "Die neue Seite beantwortet zuerst Fragen — Wann kommt der Bus? Wie laut ist es hier nachts? — und zeigt erst dann die Tabellen dahinter.",
    "The new site answers questions first — When is the next bus? How loud is it here at night? — and only then shows the tables behind them.",
  ],
  [
    "Ein Portal für offene Stadtdaten, das mit Bürgerinnen statt mit Datensätzen beginnt.",
    "A portal for open city data that starts with citizens rather than data sets.",
  ],
  [
    "Für jeden Termin drucken wir ein neues Plakat, immer mit den Farbresten des Vormonats.",
    "For every date we print a new poster, always with the leftover ink of the month before.",
  ],
  [
    "Einmal im Monat öffnen wir das Studio: Siebdruck, Risograph und Kaffee für alle.",
    "Once a month we open the studio: screen printing, risograph and coffee for everyone.",
  ],
  [
    "Die Musterbücher sind in zwölf Papieren gebunden, und jedes Kapitel zeigt dasselbe Motiv auf einer anderen Oberfläche.",
    "The sample books are bound in twelve papers, and every chapter shows the same motif on a different surface.",
  ],
  [
    "Corporate Design und Musterbücher für eine Papierfabrik, bei der jedes Blatt die Marke ist.",
    "Corporate design and sample books for a paper mill where every sheet is the brand.",
  ],
  ["Pixelweide — Satellitendaten für Schafe", "Pixelweide — satellite data for sheep"],
  [
    "Noch nicht veröffentlicht. Wir testen gerade mit drei Herden und einem sehr geduldigen Hütehund.",
    "Not published yet. We are testing with three flocks and a very patient sheepdog.",
  ],
  [
    "Eine Web-App, die Weideflächen aus Satellitenbildern liest und Schäferinnen den besten Hang zeigt.",
    "A web app that reads pastures from satellite images and shows shepherds the best slope.",
  ],
  [
    "Jedes der acht Stücke hat ein eigenes Motiv, und der Visualizer läuft live mit: Tiefen werden zu großen Punkten, Höhen zu feinem Raster.",
    "Each of the eight pieces has a motif of its own, and the visualiser runs live: lows become large dots, highs a fine screen.",
  ],
  [
    "Plattencover und Visualizer für ein Ambient-Album, generiert aus den Wellenformen der Tracks.",
    "Record sleeve and visualiser for an ambient album, generated from the tracks' waveforms.",
  ],
  [
    "Das Zeichen ist ein Ampersand aus Punkten — halb Salzkristall, halb Sirupperle — und es leuchtet nachts in Neon über der Tür.",
    "The mark is an ampersand made of dots — half salt crystal, half drop of syrup — and it glows in neon above the door at night.",
  ],
  [
    "Erscheinungsbild für eine Cocktailbar, deren Karte jede Woche neu geschrieben wird.",
    "An identity for a cocktail bar whose menu is rewritten every week.",
  ],
  [
    "Drei optische Größen, je vier Gewichte, Kursive mit eigenem Charakter. Lizenz für Magazine und unabhängige Verlage zum halben Preis.",
    "Three optical sizes, four weights each, italics with a character of their own. Magazines and independent publishers license it at half price.",
  ],
  [
    "Eine Serifenschrift mit optischen Größen: robust in 12 px, elegant in 120 pt.",
    "A serif typeface with optical sizes: sturdy at 12 px, elegant at 120 pt.",
  ],
  ["Spreelicht 2025 — das Festival kehrt zurück (Entwurf)", "Spreelicht 2025 — the festival returns (draft)"],
  ["Spreelicht — ein Festival in Lichtgeschwindigkeit", "Spreelicht — a festival at the speed of light"],
  [
    "Unsere Antwort war ein Raster aus Lichtpunkten, das sich in jedem Medium anders verhält: gedruckt als Halbton, animiert als Welle, projiziert als flackerndes Feld.",
    "Our answer was a grid of points of light that behaves differently in every medium: printed as a halftone, animated as a wave, projected as a flickering field.",
  ],
  [
    " neue Motive, neue Uferzone, gleiche Punkte. Dieser Absatz ist nur im Entwurf zu sehen.",
    " new motifs, a new stretch of riverbank, the same dots. This paragraph is only in the draft.",
  ],
  [
    "Kampagne für ein Lichtkunstfestival am Wasser: 14 Plakatmotive, 40 Loops, eine Nacht.",
    "A campaign for a light art festival by the water: 14 poster motifs, 40 loops, one night.",
  ],
  [
    "Tidewater hat heute vier Schnitte, echte Kapitälchen und Ziffern, die auch im Dunkeln auf der Fähre lesbar bleiben. Die Formen kommen aus emaillierten Hafenschildern, die wir zwischen Husum und Emden fotografiert haben.",
    "Today Tidewater has four weights, true small caps and figures that stay legible on the ferry in the dark. The shapes come from enamelled harbour signs we photographed between Husum and Emden.",
  ],
  [
    "Eine Hausschrift für einen Verlag an der Küste, gezeichnet nach Pegeltafeln und Hafenschildern.",
    "A house typeface for a coastal publisher, drawn from tide gauges and harbour signs.",
  ],
  [
    "Jede Animation hat einen passenden UI-Sound, den wir zusammen mit dem Team aus echten Bandmaschinen-Geräuschen geschnitten haben.",
    "Every animation has a matching UI sound, which we cut with the team from real tape machine noises.",
  ],
  [
    "Interface und Motion Design für eine Aufnahme-App, in der jede Geste eine hörbare Antwort hat.",
    "Interface and motion design for a recording app in which every gesture gets an audible answer.",
  ],
]);

/** The header's link to the English pages: its German text and, translated, the link back. */
export const LANGUAGE_LABEL = "English";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A field's value in English: texts and rich-text runs through the dictionary; anything else as it is. */
function english(value: unknown): unknown {
  if (typeof value === "string") return ENGLISH.get(value) ?? value;
  if (Array.isArray(value)) return value.map(english);
  if (!isObject(value)) return value;
  if (value.type === "text" && typeof value.text === "string")
    return { ...value, text: ENGLISH.get(value.text) ?? value.text };
  if (typeof value.type === "string") {
    return Array.isArray(value.content) ? { ...value, content: value.content.map(english) } : value;
  }
  return value;
}

const translatableFields: ReadonlyMap<string, readonly string[]> = new Map(
  COMPONENTS.map((component: ComponentDefinition) => [
    component.name,
    Object.entries(component.fields)
      .filter(([, field]) => field.definition.translatable)
      .map(([name]) => name),
  ]),
);

/**
 * A blok tree with the English translation of each translatable field
 * beside it (`{field}__i18n__en`), where the English text differs: an
 * untranslated field has no key and falls back to German.
 */
export function withEnglish<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withEnglish) as T;
  if (!isObject(node)) return node;
  const out: Json = {};
  const fields = typeof node.component === "string" ? (translatableFields.get(node.component) ?? []) : [];
  for (const [key, value] of Object.entries(node)) {
    out[key] = withEnglish(value);
    if (!fields.includes(key)) continue;
    const translated = english(value);
    if (JSON.stringify(translated) !== JSON.stringify(value)) out[`${key}__i18n__en`] = translated;
  }
  return out as T;
}

/** Stories whose name differs in English: a translated slug with the same path and the English name. */
const ENGLISH_NAMES: Readonly<Record<string, string>> = { imprint: "Imprint" };

/** A story (CDN shape) with its English fields, and its English name where it has one. */
export function storyWithEnglish<T extends { full_slug: string; content: unknown }>(story: T): T {
  const fullSlug = story.full_slug;
  const name = ENGLISH_NAMES[fullSlug];
  return {
    ...story,
    content: withEnglish(story.content),
    ...(name
      ? {
          default_full_slug: fullSlug,
          translated_slugs: [{ path: fullSlug, name, lang: "en", published: true }],
        }
      : {}),
  };
}
