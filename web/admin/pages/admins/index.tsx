/** Filled by its area. */
export default function AdminsPage() {
  return null;
}
