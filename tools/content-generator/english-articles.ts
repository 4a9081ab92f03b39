/** German text -> English, for the articles' shared texts, headlines, info and texts (see english.ts). */
export const ARTICLE_TEXTS_IN_ENGLISH: readonly (readonly [string, string])[] = [
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
];
