import type { Heading } from './catalogue/sanitize-html';

/**
 * A table of contents from a text's level-3 and level-4 headings (sanitizeWithHeadings); a link scrolls
 * to its heading. `current` (the heading being read) is marked when given.
 */
export function Toc({
  headings,
  label,
  className,
  titleAs: Title = 'h2',
  current,
  testId,
}: {
  headings: Heading[];
  label: string;
  className: string;
  titleAs?: 'h2' | 'h3';
  current?: number;
  testId?: string;
}) {
  return (
    <nav className={className} aria-label={label} data-testid={testId}>
      <Title>{label}</Title>
      <ul>
        {headings.map((heading, index) => (
          <li key={heading.id} className={`toc-level-${heading.level}${index === current ? ' is-current' : ''}`}>
            <a
              href={`#${heading.id}`}
              aria-current={index === current ? 'location' : undefined}
              onClick={(event) => {
                // The hash belongs to the router: scroll instead of following the anchor.
                event.preventDefault();
                document.getElementById(heading.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
