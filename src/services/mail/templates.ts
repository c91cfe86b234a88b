// The mails the service sends, by template name. Each has an HTML and a text template under
// web/views/mail/ (`<template>-html.eta`, `<template>-text.eta`) and its words in the page catalogues (web/locales, `mail.<template>.*`), so a mail
// speaks its school's language as the pages do (the catalogue key is the template name in camelCase:
// `password-reset` has `mail.passwordReset.subject`). `values` are what the template prints: strings a
// person or school supplied are escaped in the HTML by Eta's auto-escape; `values.link` is the mail's one
// link (built by the service from the school's origin).
export const MAIL_TEMPLATES = [
  'invitation',
  'password-reset',
  'email-change',
  'email-changed',
  'email-verify',
  'webhook-failing',
  'webhook-disabled',
] as const;

export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export function isMailTemplate(value: unknown): value is MailTemplate {
  return typeof value === 'string' && (MAIL_TEMPLATES as readonly string[]).includes(value);
}
