// The words the browser tests look for on pages, in each language a school may speak
// (docs/development.md "Page languages": pages follow the school's language, sites.locale; Demo Academy is English, Second
// School German). Written here by hand, not read from the service's catalogues, so that a page
// showing English at a German school, or a raw key, fails.
import type { Page } from 'playwright-core';

export const PAGE_WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    allow: 'Allow',
    deny: 'Deny',
    settingsSaved: 'Settings saved.',
    mcpSwitch: 'MCP connections',
    mcpOffQuestion: 'Switch MCP connections off?',
    disconnects: /^This disconnects \d+ member applications? at once\.$/,
    switchOffAndDisconnect: (n: number) => `Switch off and disconnect ${n} application${n === 1 ? '' : 's'}`,
    adminNav: 'Admin',
    applications: 'OAuth applications',
    newApplication: 'New application',
    name: 'Name',
    redirectUris: 'Redirect URIs',
    scopes: 'Scopes',
    create: 'Create',
    created: 'Application created',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    public: 'Public',
    confidential: 'Confidential',
    rotate: 'Rotate',
    keysRotated: 'Keys rotated.',
    signIdTokens: 'Sign ID tokens',
    next: 'Next:',
    current: 'Current:',
    retired: 'Retired:',
    betaFeatureChanged: 'Beta feature changed',
    revokeApp: (name: string) => `Revoke ${name}`,
    revoke: 'Revoke',
    revokeQuestion: (name: string) => `Revoke the access of ${name}?`,
    authorizationsEnd: (name: string, n: number) =>
      `${name} loses access to your account now: the ${n} authorizations you gave it end, and every token of them stops working.`,
    formExpired: 'This form has expired',
    sendTestEvent: 'Send test event',
    disable: 'Disable',
    disableQuestion: 'Disable this endpoint?',
    nothingSentTo: (url: string) => `Nothing is sent to ${url} any more until it is enabled again.`,
    deliveriesAbandoned: (n: number) => `${n} deliveries still waiting will not be sent: they are abandoned now.`,
    eventsStay:
      /^The events stay in the event log: once the endpoint is enabled again, “Recover missed events” sends what it missed\.$/,
    cancel: 'Cancel',
  },
  de: {
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    allow: 'Erlauben',
    deny: 'Ablehnen',
    settingsSaved: 'Einstellungen gespeichert.',
    mcpSwitch: 'MCP-Verbindungen',
    mcpOffQuestion: 'MCP-Verbindungen ausschalten?',
    disconnects: /^Damit (wird \d+ Mitglieder-Anwendung|werden \d+ Mitglieder-Anwendungen) sofort getrennt\.$/,
    switchOffAndDisconnect: (n: number) => `Ausschalten und ${n} ${n === 1 ? 'Anwendung' : 'Anwendungen'} trennen`,
    adminNav: 'Verwaltung',
    applications: 'OAuth-Anwendungen',
    newApplication: 'Neue Anwendung',
    name: 'Name',
    redirectUris: 'Weiterleitungs-URIs',
    scopes: 'Berechtigungen',
    create: 'Anlegen',
    created: 'Anwendung angelegt',
    clientId: 'Client-ID',
    clientSecret: 'Client-Geheimnis',
    public: 'Öffentlich',
    confidential: 'Vertraulich',
    rotate: 'Wechseln',
    keysRotated: 'Schlüssel gewechselt.',
    signIdTokens: 'ID-Tokens signieren',
    next: 'Nächster:',
    current: 'Aktuell:',
    retired: 'Außer Dienst:',
    betaFeatureChanged: 'Beta-Funktion geändert',
    revokeApp: (name: string) => `Zugriff entziehen: ${name}`,
    revoke: 'Zugriff entziehen',
    revokeQuestion: (name: string) => `Zugriff von ${name} entziehen?`,
    authorizationsEnd: (name: string, n: number) =>
      `${name} verliert sofort den Zugriff auf Ihr Konto: Die ${n} Freigaben, die Sie erteilt haben, enden, und jedes Token daraus wird ungültig.`,
    formExpired: 'Dieses Formular ist abgelaufen',
    sendTestEvent: 'Testereignis senden',
    disable: 'Deaktivieren',
    disableQuestion: 'Diesen Endpunkt deaktivieren?',
    nothingSentTo: (url: string) => `An ${url} wird nichts mehr gesendet, bis er wieder aktiviert wird.`,
    deliveriesAbandoned: (n: number) =>
      `${n} noch wartende Zustellungen werden nicht gesendet: Sie werden jetzt aufgegeben.`,
    eventsStay:
      /^Die Ereignisse bleiben im Ereignisprotokoll: Sobald der Endpunkt wieder aktiviert ist, liefert „Verpasste Ereignisse nachliefern“ nach, was er verpasst hat\.$/,
    cancel: 'Abbrechen',
  },
} as const;

export type PageLanguage = keyof typeof PAGE_WORDS;
export type PageWords = (typeof PAGE_WORDS)[PageLanguage];

/** The words of the page's own language (its <html lang>); a language this table lacks fails the test. */
export async function wordsOf(page: Page): Promise<PageWords> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (!(lang in PAGE_WORDS))
    throw new Error(`page ${page.url()} has <html lang="${lang}">, a language the tests do not know`);
  return PAGE_WORDS[lang as PageLanguage];
}
