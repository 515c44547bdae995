import { useEffect, useRef, useState } from 'react';
import { isSafeUrl } from '../../../shared/rules/sanitize';
import { startUpload, uploadErrorText, type UploadHandle } from '../../api/upload';
import { useT } from '../../i18n';

/** Image types a page image may have (also what the file chooser offers). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * An image of a page (course cover, banner, logo ...): upload one through lan/upload (spec 7), with its
 * progress 0-100 and a preview, or type a path on this site (/files/...) or an address as before.
 * The uploaded file stays public and its URL ('/' + key) becomes the value; in the online release with an
 * object store it goes straight there and its public (CDN) address becomes the value (issue 20).
 */
export function ImageField({
  value,
  onChange,
  id,
  placeholder,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const upload = useRef<UploadHandle | null>(null);
  const trimmed = value.trim();
  const unsafe = trimmed !== '' && !isSafeUrl(trimmed);

  // Leaving the form stops an upload that is still going.
  useEffect(() => () => upload.current?.cancel(), []);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (!file.type.startsWith('image/')) return setError(t('upload.notImage'));
    setPercent(0);
    const handle = startUpload(file, { onProgress: setPercent }, { resumable: false, toStore: true });
    upload.current = handle;
    handle.promise.then(
      (stored) => {
        upload.current = null;
        setPercent(null);
        onChange(stored.url);
      },
      (failure: unknown) => {
        upload.current = null;
        setPercent(null);
        setError(uploadErrorText(t, failure));
      },
    );
  };

  // A file input made on demand, so that the field keeps a single input element (the address).
  const openChooser = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = IMAGE_ACCEPT;
    input.addEventListener('change', () => choose(input.files?.[0]), { once: true });
    input.click();
  };

  return (
    <div className="ac-image">
      <div className="ac-image-main">
        <div className="ac-image-input">
          <input
            id={id}
            type="text"
            inputMode="url"
            value={value}
            placeholder={placeholder ?? t('admin.common.imagePlaceholder')}
            aria-invalid={invalid || unsafe || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-small"
            disabled={percent !== null}
            onClick={openChooser}
            data-testid="image-upload"
          >
            {percent !== null ? t('upload.imageUploading', { percent }) : t('upload.image')}
          </button>
        </div>
        {percent !== null && (
          <div
            className="rs-progress"
            role="progressbar"
            aria-label={t('upload.image')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        )}
        {error && (
          <p className="ac-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="ac-image-preview" aria-hidden="true">
        {trimmed && !unsafe && failed !== trimmed ? (
          <img src={trimmed} alt="" onError={() => setFailed(trimmed)} onLoad={() => setFailed(null)} />
        ) : (
          <span>
            {unsafe ? t('admin.common.unsafeUrl') : trimmed ? t('admin.common.noPreview') : t('admin.common.noImage')}
          </span>
        )}
      </div>
    </div>
  );
}
