// /auth.md "Signing out": the person's browser sessions at the school and what ending one does.
export function signOutSection(origin: string): string {
  return `## Signing out

A person signed in at this school has one browser session per browser, kept on the server behind an
HttpOnly cookie. ${origin}/account/sessions lists their live sessions here: the device (read from the
browser's user agent), the approximate network (an IPv4 address to its /24, IPv6 to its /48), when it
signed in and when it was last seen (exact to five minutes; it is recorded at most that often). From
there the person signs out one session, every other one, or every one. An ended session ends on the
server, so its cookie stops working at once. These forms, like every form of the account area, carry
a CSRF token, and they count against the sign-in limit per address (*sign in per address*, in a bucket
of their own, so signing out never spends what signing in needs).`;
}
