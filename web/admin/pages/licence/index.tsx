/** Filled by its area. */
export default function LicencePage() {
  return null;
}
