/** Soft gradients for courses without a cover image, picked by the course id so a course keeps its colour. */
const GRADIENTS = [
  ['#5b8def', '#3a62d6'],
  ['#36b3a8', '#1f8a80'],
  ['#f08a5d', '#d9603b'],
  ['#8f7cf0', '#6a56d6'],
  ['#4aa3df', '#2b7fbf'],
  ['#e9a23b', '#c97c14'],
  ['#e26d8f', '#c24a6d'],
  ['#5fb360', '#3d8f40'],
];

function pick(seed: string): string[] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length];
}

/** A course or column cover (16:9): its image, or a gradient with the title when it has none. */
export function CourseCover({
  img,
  title,
  seed,
  className = '',
}: {
  img: string;
  title: string;
  seed: string;
  className?: string;
}) {
  if (img) {
    return (
      <div className={`cover ${className}`}>
        <img src={img} alt="" loading="lazy" />
      </div>
    );
  }
  const [from, to] = pick(seed);
  return (
    <div
      className={`cover cover-blank ${className}`}
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
      aria-hidden="true"
    >
      <span className="cover-title">{title}</span>
    </div>
  );
}
