/** The link an admin sends to the invited person: it opens /convite/<token> on this site. */
export function invitationUrl(token: string): string {
  return `${window.location.origin}/convite/${encodeURIComponent(token)}`;
}
