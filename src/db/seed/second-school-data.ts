// Second School: a German-language school charging EUR, with no beta features and no ID-token
// signing. student1@demo-academy.test studies here too; its records here are its own.
import type { SchoolSeed } from './demo-types.ts';

const s1 = 'student1@second-school.test';
const s2 = 'student2@second-school.test';
const shared = 'student1@demo-academy.test';
const lecturer = 'lecturer@second-school.test';

export const secondSchool: SchoolSeed = {
  slug: 'second-school',
  name: 'Second School',
  description: 'Kurse für Fotografie, Büro und Gesundheit: praxisnah und in kleinen Einheiten.',
  currency: 'EUR',
  locale: 'de',
  timezone: 'Europe/Berlin',
  contactEmail: 'kontakt@second-school.test',
  betaFeatures: {},
  idTokenSigningEnabled: false,
  courses: [
    {
      slug: 'fotografie-grundkurs',
      title: 'Fotografie Grundkurs',
      subtitle: 'Von der Automatik zum manuellen Modus',
      description: '<p>Verstehen Sie Ihre Kamera und gestalten Sie Bilder bewusst.</p>',
      status: 'published',
      price: 8900,
      featured: true,
      sections: [
        {
          title: 'Die Kamera verstehen',
          lectures: [
            { title: 'Willkommen zum Kurs', type: 'video', minutes: 3, preview: true },
            { title: 'Blende, Zeit und ISO', type: 'video', minutes: 19 },
            { title: 'Belichtungsdreieck zum Ausdrucken', type: 'pdf', minutes: 4 },
          ],
        },
        {
          title: 'Bildgestaltung',
          lectures: [
            { title: 'Drittelregel und Linienführung', type: 'video', minutes: 16 },
            { title: 'Licht lesen', type: 'video', minutes: 21 },
          ],
        },
      ],
    },
    {
      slug: 'excel-fuer-profis',
      title: 'Excel für Profis',
      subtitle: 'Formeln, Pivot-Tabellen und Dashboards',
      description: '<p>Schneller auswerten: die Funktionen, die im Büroalltag wirklich zählen.</p>',
      status: 'published',
      price: 5900,
      sections: [
        {
          title: 'Formeln',
          lectures: [
            { title: 'SVERWEIS und XVERWEIS', type: 'video', minutes: 14, preview: true },
            { title: 'Dynamische Arrays', type: 'video', minutes: 18 },
          ],
        },
        {
          title: 'Auswertung',
          lectures: [
            { title: 'Pivot-Tabellen', type: 'video', minutes: 22 },
            { title: 'Übungsdatei', type: 'external_link', minutes: 10 },
            { title: 'Ein Dashboard bauen', type: 'video', minutes: 25 },
          ],
        },
      ],
    },
    {
      slug: 'yoga-fuer-jeden-tag',
      title: 'Yoga für jeden Tag',
      subtitle: 'Kurze Einheiten für Rücken, Atmung und Ruhe',
      description: '<p>Zwanzig Minuten am Tag für mehr Beweglichkeit und Gelassenheit.</p>',
      status: 'published',
      price: 3900,
      sections: [
        {
          title: 'Ankommen',
          lectures: [
            { title: 'Einführung und Atmung', type: 'audio', minutes: 10, preview: true },
            { title: 'Sanfte Morgenroutine', type: 'video', minutes: 15 },
          ],
        },
        {
          title: 'Vertiefen',
          lectures: [
            { title: 'Kraft aus der Mitte', type: 'video', minutes: 20 },
            { title: 'Entspannung am Abend', type: 'audio', minutes: 12 },
          ],
        },
      ],
    },
    {
      slug: 'buchhaltung-kompakt',
      title: 'Buchhaltung kompakt',
      subtitle: 'Doppelte Buchführung für Selbstständige',
      description: '<p>In Vorbereitung: Buchungssätze, Kontenrahmen und Jahresabschluss.</p>',
      status: 'draft',
      price: 6900,
      sections: [
        {
          title: 'Grundlagen',
          lectures: [
            { title: 'Soll und Haben', type: 'video', minutes: 12, preview: true },
            { title: 'Kontenrahmen verstehen', type: 'text', minutes: 9 },
          ],
        },
        {
          title: 'Praxis',
          lectures: [
            { title: 'Belege richtig buchen', type: 'video', minutes: 17 },
            { title: 'Jahresabschluss im Überblick', type: 'pdf', minutes: 6 },
          ],
        },
      ],
    },
  ],
  lecturer: {
    email: lecturer,
    slug: 'lena-hoffmann',
    headline: 'Fotografin und Trainerin',
    bio: 'Lena arbeitet seit zwölf Jahren als Fotografin in Hamburg und unterrichtet Erwachsene in kleinen Gruppen.',
    courses: ['fotografie-grundkurs', 'excel-fuer-profis', 'yoga-fuer-jeden-tag', 'buchhaltung-kompakt'],
  },
  enrollments: [
    {
      student: shared,
      course: 'fotografie-grundkurs',
      access: 'lifetime',
      enrolledDaysAgo: 12,
      completedLectures: 1,
      watched: { lecture: 2, seconds: 200 },
    },
    {
      student: s1,
      course: 'fotografie-grundkurs',
      access: { expiresInDays: 180 },
      enrolledDaysAgo: 30,
      completedLectures: 2,
      watched: { lecture: 3, seconds: 90 },
    },
    {
      student: s1,
      course: 'excel-fuer-profis',
      access: 'lifetime',
      enrolledDaysAgo: 50,
      completedLectures: 5,
      watched: { lecture: 5, seconds: 1500 },
    },
    {
      student: s2,
      course: 'yoga-fuer-jeden-tag',
      access: { expiredDaysAgo: 5 },
      enrolledDaysAgo: 100,
      completedLectures: 1,
      watched: { lecture: 2, seconds: 300 },
    },
    {
      student: s2,
      course: 'excel-fuer-profis',
      access: { expiresInDays: 20 },
      enrolledDaysAgo: 10,
      completedLectures: 0,
      watched: { lecture: 1, seconds: 45 },
    },
  ],
  coupons: [
    { code: 'FRUEHBUCHER', name: 'Frühbucherrabatt', discount: { percentOff: 15 }, maxRedemptions: 50 },
    { code: 'SOMMER10', name: 'Sommeraktion', discount: { amountOff: 1000 }, validForDays: 60 },
  ],
  plans: [
    {
      slug: 'monatsmitgliedschaft',
      name: 'Monatsmitgliedschaft',
      description: 'Alle Kurse, monatlich kündbar.',
      price: 1900,
      interval: 'month',
      courses: ['fotografie-grundkurs', 'excel-fuer-profis', 'yoga-fuer-jeden-tag'],
    },
    {
      slug: 'jahresmitgliedschaft',
      name: 'Jahresmitgliedschaft',
      description: 'Alle Kurse für ein Jahr zum Vorteilspreis.',
      price: 19000,
      interval: 'year',
      trialDays: 14,
      courses: ['fotografie-grundkurs', 'excel-fuer-profis', 'yoga-fuer-jeden-tag'],
    },
  ],
  subscriptions: [
    { subscriber: s1, plan: 'monatsmitgliedschaft', status: 'active', startedDaysAgo: 70 },
    { subscriber: s2, plan: 'monatsmitgliedschaft', status: 'canceled', startedDaysAgo: 100, canceledDaysAgo: 50 },
  ],
  events: [
    {
      slug: 'fotowalk-speicherstadt',
      title: 'Fotowalk durch die Speicherstadt',
      description: 'Drei Stunden Praxis mit Bildbesprechung im Anschluss.',
      startsInDays: 21,
      hours: 3,
      location: 'Speicherstadt, Hamburg',
      capacity: 15,
      price: 2500,
      status: 'published',
      registrations: [
        { person: s1, status: 'registered' },
        { person: shared, status: 'registered' },
      ],
    },
    {
      slug: 'excel-sprechstunde',
      title: 'Excel-Sprechstunde live',
      description: 'Fragen zu Formeln und Pivot-Tabellen, live beantwortet.',
      startsInDays: -14,
      hours: 1,
      onlineUrl: 'https://meet.second-school.test/excel',
      capacity: 50,
      price: 0,
      status: 'published',
      registrations: [
        { person: s1, status: 'attended' },
        { person: s2, status: 'attended' },
      ],
    },
    {
      slug: 'yoga-retreat-allgaeu',
      title: 'Yoga-Wochenende im Allgäu',
      description: 'Zwei Tage Yoga, Wandern und gutes Essen.',
      startsInDays: 120,
      hours: 48,
      location: 'Oberstdorf, Allgäu',
      capacity: 20,
      price: 34900,
      status: 'draft',
      registrations: [],
    },
  ],
  products: [
    {
      slug: 'lightroom-presets',
      name: 'Lightroom-Presets: Natürliche Farben',
      description: 'Zwölf Presets für Porträt und Landschaft.',
      price: 1900,
      file: { filename: 'lightroom-presets.zip', contentType: 'application/zip', sizeBytes: 15_728_640 },
    },
  ],
  // Numbered in the order they were placed.
  orders: [
    {
      number: 'SS-10001',
      buyer: s1,
      status: 'paid',
      items: [{ course: 'fotografie-grundkurs' }],
      coupon: 'FRUEHBUCHER',
      paymentMethod: 'sepa_debit',
      daysAgo: 30,
    },
    {
      number: 'SS-10002',
      buyer: s2,
      status: 'refunded',
      items: [{ course: 'yoga-fuer-jeden-tag' }],
      paymentMethod: 'paypal',
      daysAgo: 25,
    },
    {
      number: 'SS-10003',
      buyer: shared,
      status: 'paid',
      items: [{ course: 'fotografie-grundkurs' }],
      paymentMethod: 'card',
      daysAgo: 12,
    },
    {
      number: 'SS-10004',
      buyer: s1,
      status: 'paid',
      items: [{ product: 'lightroom-presets' }],
      coupon: 'SOMMER10',
      paymentMethod: 'card',
      daysAgo: 8,
    },
    {
      number: 'SS-10005',
      buyer: s2,
      status: 'not_paid',
      items: [{ plan: 'jahresmitgliedschaft' }],
      paymentMethod: 'card',
      daysAgo: 2,
    },
  ],
  posts: [
    {
      slug: 'fuenf-tipps-fuer-bessere-urlaubsfotos',
      title: 'Fünf Tipps für bessere Urlaubsfotos',
      excerpt: 'Goldene Stunde, Vordergrund, Geduld.',
      body: '<p>Fotografieren Sie früh am Morgen, suchen Sie einen Vordergrund, ...</p>',
      status: 'published',
      author: lecturer,
    },
    {
      slug: 'neue-kurse-im-fruehjahr',
      title: 'Neue Kurse im Frühjahr',
      excerpt: 'Buchhaltung kompakt startet bald.',
      body: '<p>Entwurf: Ankündigung des Buchhaltungskurses.</p>',
      status: 'draft',
      author: 'owner@second-school.test',
    },
  ],
  comments: [
    {
      by: s1,
      on: { type: 'post', slug: 'fuenf-tipps-fuer-bessere-urlaubsfotos' },
      body: 'Der Tipp mit der goldenen Stunde ist super!',
      replies: [{ by: lecturer, body: 'Danke! Zeigen Sie uns gern Ihre Bilder beim Fotowalk.' }],
    },
    {
      by: shared,
      on: { type: 'course', slug: 'fotografie-grundkurs' },
      body: 'Gibt es auch einen Kurs zur Bildbearbeitung?',
    },
    {
      by: s2,
      on: { type: 'lecture', course: 'yoga-fuer-jeden-tag', lecture: 2 },
      body: 'Die Morgenroutine mache ich jetzt jeden Tag.',
    },
  ],
  forms: [
    {
      title: 'Kontaktformular',
      description: 'Fragen zu Kursen, Rechnungen oder Mitgliedschaften.',
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'email', label: 'E-Mail', type: 'email', required: true },
        { name: 'nachricht', label: 'Nachricht', type: 'textarea', required: true },
      ],
      submissions: [
        {
          by: s2,
          data: {
            name: 'Felix Wagner',
            email: s2,
            nachricht: 'Kann ich die Jahresmitgliedschaft auch per Rechnung zahlen?',
          },
        },
        {
          data: {
            name: 'Sabine Krüger',
            email: 'sabine.krueger@example.com',
            nachricht: 'Bieten Sie Firmenschulungen an?',
          },
        },
      ],
    },
  ],
  pages: [
    {
      slug: 'ueber-uns',
      title: 'Über uns',
      body: '<p>Second School bietet praxisnahe Kurse seit 2019.</p>',
      status: 'published',
    },
    { slug: 'agb', title: 'Allgemeine Geschäftsbedingungen', body: '<p>Entwurf der AGB.</p>', status: 'draft' },
  ],
  appearance: { theme: 'dark', primaryColor: '#0f766e', accentColor: '#f97316', fontFamily: 'Source Sans 3' },
};
