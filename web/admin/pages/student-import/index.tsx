/** Filled by its area. */
export default function StudentImportPage() {
  return null;
}
