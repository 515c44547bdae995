/** Filled by its area. */
export default function StudentSettingsPage() {
  return null;
}
