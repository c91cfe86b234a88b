// Demo Academy: an English-language school charging USD, with MCP connections and ID-token
// signing switched on. student1 holds four enrollments so member-API pagination (first: 2) shows.
import type { SchoolSeed } from './demo-types.ts';

const s1 = 'student1@demo-academy.test';
const s2 = 'student2@demo-academy.test';
const lecturer = 'lecturer@demo-academy.test';

export const demoAcademy: SchoolSeed = {
  slug: 'demo-academy',
  name: 'Demo Academy',
  description: 'Practical courses in software, data and design, taught by people who ship.',
  currency: 'USD',
  locale: 'en',
  timezone: 'America/New_York',
  contactEmail: 'hello@demo-academy.test',
  betaFeatures: { mcp_connections: true },
  idTokenSigningEnabled: true,
  // Lets a developer try a Client ID Metadata Document served from their own machine.
  allowedMetadataHosts: ['localhost'],
  courses: [
    {
      slug: 'web-development-bootcamp',
      title: 'Modern Web Development Bootcamp',
      subtitle: 'HTML, CSS and JavaScript from a first page to a deployed app',
      description: '<p>Build and ship real websites. Twelve hours of video, exercises and a final project.</p>',
      status: 'published',
      price: 14900,
      featured: true,
      sections: [
        {
          title: 'Foundations',
          lectures: [
            { title: 'Welcome and course tour', type: 'video', minutes: 4, preview: true },
            { title: 'How the web works', type: 'video', minutes: 12 },
            { title: 'Your first HTML page', type: 'text', minutes: 8 },
          ],
        },
        {
          title: 'Styling and layout',
          lectures: [
            { title: 'CSS selectors and the cascade', type: 'video', minutes: 18 },
            { title: 'Flexbox and grid in practice', type: 'video', minutes: 24 },
            { title: 'Layout cheat sheet', type: 'pdf', minutes: 5 },
          ],
        },
      ],
    },
    {
      slug: 'python-for-data-analysis',
      title: 'Python for Data Analysis',
      subtitle: 'Clean, explore and visualise real data sets with pandas',
      description: '<p>From spreadsheets to notebooks: load, clean and chart data with Python.</p>',
      status: 'published',
      price: 9900,
      sections: [
        {
          title: 'Getting set up',
          lectures: [
            { title: 'Installing Python and Jupyter', type: 'video', minutes: 9, preview: true },
            { title: 'A Python refresher', type: 'video', minutes: 21 },
          ],
        },
        {
          title: 'Working with pandas',
          lectures: [
            { title: 'DataFrames and Series', type: 'video', minutes: 26 },
            { title: 'Cleaning messy data', type: 'video', minutes: 31 },
            { title: 'Exercise notebook', type: 'external_link', minutes: 15 },
          ],
        },
      ],
    },
    {
      slug: 'ux-design-fundamentals',
      title: 'UX Design Fundamentals',
      subtitle: 'Research, wireframes and usability testing for product teams',
      description: '<p>Learn to find out what users need and to test your ideas before building them.</p>',
      status: 'published',
      price: 7900,
      sections: [
        {
          title: 'Understanding users',
          lectures: [
            { title: 'What UX design is (and is not)', type: 'video', minutes: 7, preview: true },
            { title: 'Interviewing users', type: 'audio', minutes: 18 },
          ],
        },
        {
          title: 'From idea to prototype',
          lectures: [
            { title: 'Sketching and wireframes', type: 'video', minutes: 22 },
            { title: 'Prototyping in Figma', type: 'embed_link', minutes: 27 },
            { title: 'Running a usability test', type: 'text', minutes: 10 },
          ],
        },
      ],
    },
    {
      slug: 'git-essentials',
      title: 'Git Essentials',
      subtitle: 'Version control for everyone who writes code',
      description: '<p>A free, short course on commits, branches and pull requests.</p>',
      status: 'published',
      price: 0,
      sections: [
        {
          title: 'Basics',
          lectures: [
            { title: 'Why version control', type: 'video', minutes: 5, preview: true },
            { title: 'Commits and history', type: 'video', minutes: 14 },
          ],
        },
        {
          title: 'Collaboration',
          lectures: [
            { title: 'Branches and merges', type: 'video', minutes: 17 },
            { title: 'Pull requests', type: 'text', minutes: 6 },
          ],
        },
      ],
    },
    {
      slug: 'intro-to-machine-learning',
      title: 'Introduction to Machine Learning',
      subtitle: 'Models, features and evaluation without the hype',
      description: '<p>Coming soon: the ideas behind machine learning, worked through by hand first.</p>',
      status: 'draft',
      price: 12900,
      sections: [
        {
          title: 'Foundations',
          lectures: [
            { title: 'What learning from data means', type: 'video', minutes: 11, preview: true },
            { title: 'Linear regression by hand', type: 'video', minutes: 25 },
          ],
        },
        {
          title: 'Classification',
          lectures: [
            { title: 'Logistic regression', type: 'video', minutes: 23 },
            { title: 'Evaluating a classifier', type: 'pdf', minutes: 8 },
          ],
        },
      ],
    },
  ],
  lecturer: {
    email: lecturer,
    slug: 'priya-natarajan',
    headline: 'Senior software engineer and teacher',
    bio: 'Priya has built web and data products for fifteen years and has taught more than 20,000 students.',
    courses: [
      'web-development-bootcamp',
      'python-for-data-analysis',
      'ux-design-fundamentals',
      'git-essentials',
      'intro-to-machine-learning',
    ],
  },
  enrollments: [
    {
      student: s1,
      course: 'web-development-bootcamp',
      access: 'lifetime',
      enrolledDaysAgo: 40,
      completedLectures: 3,
      watched: { lecture: 4, seconds: 312 },
    },
    {
      student: s1,
      course: 'python-for-data-analysis',
      access: { expiresInDays: 90 },
      enrolledDaysAgo: 20,
      completedLectures: 1,
      watched: { lecture: 2, seconds: 95 },
    },
    {
      student: s1,
      course: 'ux-design-fundamentals',
      access: { expiredDaysAgo: 10 },
      enrolledDaysAgo: 380,
      completedLectures: 2,
      watched: { lecture: 3, seconds: 40 },
    },
    {
      student: s1,
      course: 'git-essentials',
      access: 'lifetime',
      enrolledDaysAgo: 5,
      completedLectures: 0,
      watched: { lecture: 1, seconds: 120 },
    },
    {
      student: s2,
      course: 'web-development-bootcamp',
      access: { expiresInDays: 30 },
      enrolledDaysAgo: 15,
      completedLectures: 0,
      watched: { lecture: 1, seconds: 60 },
    },
    {
      student: s2,
      course: 'git-essentials',
      access: 'lifetime',
      enrolledDaysAgo: 60,
      completedLectures: 4,
      watched: { lecture: 4, seconds: 360 },
    },
  ],
  coupons: [
    {
      code: 'WELCOME20',
      name: 'Welcome discount',
      discount: { percentOff: 20 },
      maxRedemptions: 100,
      validForDays: 90,
    },
    { code: 'SAVE5', name: 'Five dollars off', discount: { amountOff: 500 } },
  ],
  plans: [
    {
      slug: 'all-access-monthly',
      name: 'All-Access Monthly',
      description: 'Every paid course, billed monthly.',
      price: 2900,
      interval: 'month',
      trialDays: 7,
      courses: ['web-development-bootcamp', 'python-for-data-analysis', 'ux-design-fundamentals'],
    },
    {
      slug: 'all-access-yearly',
      name: 'All-Access Yearly',
      description: 'Every course for a year: two months free.',
      price: 29000,
      interval: 'year',
      courses: ['web-development-bootcamp', 'python-for-data-analysis', 'ux-design-fundamentals', 'git-essentials'],
    },
  ],
  subscriptions: [
    { subscriber: s2, plan: 'all-access-monthly', status: 'active', startedDaysAgo: 45 },
    { subscriber: s1, plan: 'all-access-yearly', status: 'canceled', startedDaysAgo: 500, canceledDaysAgo: 150 },
  ],
  events: [
    {
      slug: 'live-qa-react-hooks',
      title: 'Live Q&A: React Hooks in Practice',
      description: 'Bring your questions about state, effects and custom hooks.',
      startsInDays: 14,
      hours: 1.5,
      onlineUrl: 'https://meet.demo-academy.test/react-hooks',
      capacity: 100,
      price: 0,
      status: 'published',
      registrations: [
        { person: s1, status: 'registered' },
        { person: s2, status: 'registered' },
      ],
    },
    {
      slug: 'portfolio-review-night',
      title: 'Portfolio Review Night',
      description: 'Five-minute portfolio reviews with working designers and developers.',
      startsInDays: -30,
      hours: 3,
      location: 'Demo Academy Campus, 120 Market Street, San Francisco',
      capacity: 25,
      price: 1500,
      status: 'published',
      registrations: [
        { person: s1, status: 'attended' },
        { person: s2, status: 'cancelled' },
      ],
    },
    {
      slug: 'ml-study-group-kickoff',
      title: 'Machine Learning Study Group Kickoff',
      description: 'Meet the study group before the course opens.',
      startsInDays: 45,
      hours: 1,
      onlineUrl: 'https://meet.demo-academy.test/ml-study-group',
      capacity: 40,
      price: 0,
      status: 'draft',
      registrations: [],
    },
  ],
  products: [
    {
      slug: 'web-dev-cheat-sheets',
      name: 'Web Developer Cheat Sheets',
      description: 'Printable HTML, CSS and JavaScript references.',
      price: 900,
      file: { filename: 'web-dev-cheat-sheets.pdf', contentType: 'application/pdf', sizeBytes: 2_457_600 },
    },
  ],
  // Numbered in the order they were placed.
  orders: [
    {
      number: 'DA-10001',
      buyer: s1,
      status: 'paid',
      items: [{ course: 'web-development-bootcamp' }],
      paymentMethod: 'card',
      daysAgo: 40,
    },
    {
      number: 'DA-10002',
      buyer: s1,
      status: 'paid',
      items: [{ event: 'portfolio-review-night' }, { product: 'web-dev-cheat-sheets' }],
      coupon: 'SAVE5',
      paymentMethod: 'card',
      daysAgo: 35,
    },
    {
      number: 'DA-10003',
      buyer: s1,
      status: 'paid',
      items: [{ course: 'python-for-data-analysis' }],
      coupon: 'WELCOME20',
      paymentMethod: 'card',
      daysAgo: 20,
    },
    {
      number: 'DA-10004',
      buyer: s2,
      status: 'refunded',
      items: [{ course: 'ux-design-fundamentals' }],
      paymentMethod: 'paypal',
      daysAgo: 15,
    },
    {
      number: 'DA-10005',
      buyer: s2,
      status: 'not_paid',
      items: [{ plan: 'all-access-monthly' }],
      paymentMethod: 'card',
      daysAgo: 1,
    },
  ],
  posts: [
    {
      slug: 'five-habits-of-developers-who-keep-learning',
      title: 'Five habits of developers who keep learning',
      excerpt: 'Small routines that compound over a career.',
      body: '<p>Keep a learning log, read code you did not write, teach what you learn, ...</p>',
      status: 'published',
      author: lecturer,
    },
    {
      slug: 'whats-new-this-autumn',
      title: "What's new this autumn",
      excerpt: 'A machine learning course and a study group.',
      body: '<p>Draft: announce the machine learning course.</p>',
      status: 'draft',
      author: 'owner@demo-academy.test',
    },
  ],
  comments: [
    {
      by: s1,
      on: { type: 'post', slug: 'five-habits-of-developers-who-keep-learning' },
      body: 'The tip about keeping a learning log changed how I study.',
      replies: [{ by: lecturer, body: 'Glad to hear it! Share a page of it in the community some time.' }],
    },
    {
      by: s2,
      on: { type: 'course', slug: 'web-development-bootcamp' },
      body: 'Is a section on accessibility planned?',
    },
    {
      by: s1,
      on: { type: 'lecture', course: 'web-development-bootcamp', lecture: 4 },
      body: 'At 5:12 the specificity example finally clicked for me.',
    },
  ],
  forms: [
    {
      title: 'Contact us',
      description: 'Questions about courses, team licences or invoices.',
      fields: [
        { name: 'name', label: 'Your name', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
        { name: 'message', label: 'Message', type: 'textarea', required: true },
      ],
      submissions: [
        {
          by: s2,
          data: { name: 'Jordan Lee', email: s2, message: 'Can I get an invoice with my company name for DA-10004?' },
        },
        {
          data: {
            name: 'Alex Kim',
            email: 'alex.kim@example.com',
            message: 'Do you offer team licences for ten people?',
          },
        },
      ],
    },
  ],
  pages: [
    {
      slug: 'about',
      title: 'About Demo Academy',
      body: '<p>We teach the skills we use every day at work.</p>',
      status: 'published',
    },
    {
      slug: 'refund-policy',
      title: 'Refund policy',
      body: '<p>Draft: 30-day refunds on all courses.</p>',
      status: 'draft',
    },
  ],
  appearance: { theme: 'light', primaryColor: '#4f46e5', accentColor: '#f59e0b', fontFamily: 'Inter' },
};
