/** Filled by its area. */
export default function LdapPage() {
  return null;
}
