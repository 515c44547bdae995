import { messageParts } from '../../../shared/rules/messages';

/**
 * A private message's text (plain text, escaped by React; line breaks kept by CSS): only http and https
 * addresses become links, opened in a new tab without access to this page (shared/rules/messages).
 * Never HTML of what someone wrote.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="pm-text" data-testid="pm-text">
      {messageParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" data-testid="pm-link">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
