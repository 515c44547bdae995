import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useBootstrap } from '../../bootstrap';
import { useLocale, useT } from '../../i18n';

/** The address to share: this page without its hash route. */
const shareUrl = () => window.location.origin + window.location.pathname;

/** Copies text: the Clipboard API where the page may use it (https or localhost), else a selected input and execCommand. */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * Desktop share links (spec 2): the messaging-app QR image of a course (/qrcode/{coid}), micro-blogging and
 * QQ; Facebook and Twitter in en-gb. Hidden in the lan release.
 */
export function ShareLinks({ title, coid }: { title: string; coid?: string }) {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  if (boot.ver === 'lan') return null;
  const url = encodeURIComponent(shareUrl());
  const text = encodeURIComponent(title);
  const links = [
    { name: t('share.weibo'), href: `https://service.weibo.com/share/share.php?url=${url}&title=${text}` },
    { name: 'QQ', href: `https://connect.qq.com/widget/shareqq/index.html?url=${url}&title=${text}` },
    ...(locale === 'en-gb'
      ? [
          { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
          { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
        ]
      : []),
  ];
  return (
    <p className="share-links" data-testid="share-links">
      {coid && (
        <span className="share-qrcode">
          <img src={`/qrcode/${coid}`} width={96} height={96} alt={t('share.wechat')} loading="lazy" />
          <small>{t('share.wechat')}</small>
        </span>
      )}
      <span>{t('share.to')}</span>
      {links.map((link) => (
        <a key={link.name} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.name}
        </a>
      ))}
    </p>
  );
}

/**
 * The mobile share button and panel (spec 2): a copy-link box whose button becomes a close button with a
 * copy-success hint. Hidden in the lan release.
 */
export function ShareButton() {
  const t = useT();
  const boot = useBootstrap();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) setCopied(false);
  }, [open]);
  if (boot.ver === 'lan') return null;
  const url = shareUrl();
  const handleCopy = async () => {
    if (copied) {
      setOpen(false);
      return;
    }
    setCopied(await copyText(url, inputRef.current));
  };
  return (
    <>
      <button type="button" className="bookmark-button share-button" onClick={() => setOpen(true)} data-testid="share">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="18" cy="5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <circle cx="6" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <circle cx="18" cy="19" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" stroke="currentColor" strokeWidth="1.7" />
        </svg>
        <span>{t('share.title')}</span>
      </button>
      {open &&
        createPortal(
          // Out of the action bar's stacking context, above the bottom tabs.
          <div className="share-mask" onClick={() => setOpen(false)} data-testid="share-panel">
            <div
              className="share-panel"
              role="dialog"
              aria-modal="true"
              aria-labelledby="share-title"
              onClick={(event) => event.stopPropagation()}
            >
              <h2 id="share-title">{t('share.title')}</h2>
              <div className="share-copy">
                <input
                  ref={inputRef}
                  readOnly
                  value={url}
                  aria-label={t('share.link')}
                  onFocus={(event) => event.target.select()}
                />
                <button type="button" className="btn btn-primary btn-small" onClick={() => void handleCopy()}>
                  {copied ? t('common.close') : t('share.copy')}
                </button>
              </div>
              {copied && <p className="share-hint">{t('share.copied')}</p>}
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
