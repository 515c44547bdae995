export default function QaPage() { return null; }
