import type * as z from 'zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import type { Reply } from '../../../../shared/envelope';
import type { ResourceItem, ResourceUrls } from '../../../../shared/schemas/resources';
import { startUpload, uploadErrorText } from '../../../api/upload';
import { toast } from '../../../components/feedback';
import { fetchData } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { resourceCalls } from '../../../../shared/calls/resources';
import type { zPptSlides, zSubtitles } from '../../../../shared/schemas/resources';
import { request } from '../../../api/client';
import { setPoster, uploadSubtitle } from '../../../api/resources';
import { StatusBadge } from './ResourceTable';

/** Runs a call and reports it: true when it worked. */
function useReport() {
  const t = useT();
  return async <T,>(work: () => Promise<Reply<T>>, done: string): Promise<boolean> => {
    const reply = await work();
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return false;
    }
    toast(done);
    return true;
  };
}

/** A video's subtitles (list, remove, upload .vtt/.srt) and poster (upload an image). */
function VideoFiles({ item, urls, onChanged }: { item: ResourceItem; urls: ResourceUrls; onChanged: () => void }) {
  const t = useT();
  const report = useReport();
  const id = useId();
  const { data: subs, mutate } = useSWR<z.infer<typeof zSubtitles>>(`resource/subtitle?rid=${item.rid}`, fetchData);
  const [label, setLabel] = useState('');
  const [lang, setLang] = useState('zh-CN');
  const [busy, setBusy] = useState(false);

  const addSubtitle = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    if (
      await report(
        () => uploadSubtitle(item.rid, file, label.trim(), lang.trim() || 'zh-CN'),
        t('admin.resources.subtitleAdded'),
      )
    ) {
      setLabel('');
      await mutate();
      onChanged();
    }
    setBusy(false);
  };

  const addPoster = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return toast(t('upload.notImage'));
    setBusy(true);
    try {
      const stored = await startUpload(file, {}, { resumable: false }).promise;
      if (await report(() => setPoster(item.rid, stored.fileId), t('admin.resources.posterSet'))) onChanged();
    } catch (failure) {
      toast(uploadErrorText(t, failure));
    }
    setBusy(false);
  };

  return (
    <div className="rs-preview-files">
      {item.kind === 'video' && (
        <section>
          <h3 className="rs-preview-heading">{t('admin.resources.poster')}</h3>
          <div className="rs-poster">
            {urls.poster ? <img src={urls.poster} alt="" /> : <span className="ac-muted">—</span>}
            <label className="btn btn-small">
              {t('admin.resources.setPoster')}
              <input
                type="file"
                accept="image/*"
                hidden
                disabled={busy}
                onChange={(event) => void addPoster(event.target.files?.[0]).then(() => (event.target.value = ''))}
              />
            </label>
          </div>
        </section>
      )}
      <section>
        <h3 className="rs-preview-heading">{t('admin.resources.subtitles')}</h3>
        {subs && subs.subtitles.length === 0 && <p className="ac-muted">{t('admin.resources.noSubtitles')}</p>}
        <ul className="ac-simple-list">
          {subs?.subtitles.map((sub) => (
            <li key={sub.path} data-testid="subtitle-item">
              <span>
                {sub.label} <span className="ac-muted">({sub.lang})</span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-text ac-danger-text"
                disabled={busy}
                onClick={async () => {
                  if (
                    await report(
                      () => request(resourceCalls.deleteSubtitle, { body: { rid: item.rid, index: sub.index } }),
                      t('admin.resources.subtitleDeleted'),
                    )
                  )
                    await mutate();
                }}
              >
                {t('admin.common.delete')}
              </button>
            </li>
          ))}
        </ul>
        <div className="ac-inline-form rs-subtitle-form">
          <input
            value={label}
            maxLength={30}
            placeholder={t('admin.resources.subtitleLabel')}
            aria-label={t('admin.resources.subtitleLabel')}
            onChange={(event) => setLabel(event.target.value)}
          />
          <input
            value={lang}
            maxLength={20}
            className="rs-lang"
            aria-label={t('admin.resources.subtitleLang')}
            onChange={(event) => setLang(event.target.value)}
          />
          <label className="btn btn-small" htmlFor={`${id}-sub`}>
            {t('admin.resources.addSubtitle')}
          </label>
          <input
            id={`${id}-sub`}
            type="file"
            accept=".vtt,.srt,text/vtt"
            hidden
            disabled={busy}
            onChange={(event) => void addSubtitle(event.target.files?.[0]).then(() => (event.target.value = ''))}
          />
        </div>
      </section>
    </div>
  );
}

/** A presentation's slides with 'make cover'. */
function Slides({ item, onChanged }: { item: ResourceItem; onChanged: () => void }) {
  const t = useT();
  const report = useReport();
  const { data, mutate } = useSWR<z.infer<typeof zPptSlides>>(`resource/ppt?rid=${item.rid}`, fetchData);
  if (!data) return null;
  if (data.slides.length === 0) return <p className="ac-muted">{t('admin.resources.noSlides')}</p>;
  return (
    <section>
      <h3 className="rs-preview-heading">{t('admin.resources.slides', { count: data.slides.length })}</h3>
      <ol className="rs-slides">
        {data.slides.map((slide) => (
          <li key={slide.index} className={slide.index === data.cover ? 'is-cover' : ''}>
            <img src={slide.url} alt={`${slide.index + 1}`} loading="lazy" />
            {slide.index === data.cover ? (
              <span className="badge">{t('admin.resources.isCover')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-small btn-text"
                onClick={async () => {
                  if (
                    !(await report(
                      () => request(resourceCalls.pptCover, { body: { rid: item.rid, index: slide.index } }),
                      t('admin.resources.coverSet'),
                    ))
                  )
                    return;
                  await mutate();
                  onChanged();
                }}
              >
                {t('admin.resources.setCover')}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the browser can show of a resource: video, audio, image, a PDF link, slides. */
function PreviewBody({ item, urls, onChanged }: { item: ResourceItem; urls: ResourceUrls; onChanged: () => void }) {
  const t = useT();
  const pending =
    item.status !== 'ready' &&
    (item.kind === 'video' || item.kind === 'audio' || item.kind === 'office' || item.kind === 'ppt');
  const openLink = (href: string, text: string, testId?: string): ReactNode => (
    <a className="btn btn-small" href={href} target="_blank" rel="noopener" data-testid={testId}>
      {text}
    </a>
  );
  return (
    <div className="rs-preview-body" data-testid="preview-body" data-kind={item.kind}>
      {pending && <p className="ac-hint">{t('admin.resources.notReady')}</p>}
      {item.kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: the resource's subtitle tracks are the children below; a video uploaded without subtitles has none to offer
        <video
          className="rs-player"
          controls
          preload="metadata"
          poster={urls.poster ?? undefined}
          src={urls.mp4 ?? urls.url}
          data-testid="preview-video"
        >
          {urls.subtitles.map((sub, index) => (
            <track
              key={sub.url}
              kind="subtitles"
              src={sub.url}
              srcLang={sub.lang}
              label={sub.label}
              default={index === 0}
            />
          ))}
        </video>
      )}
      {item.kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: browsers render no text track for an audio element; its subtitle files are listed and managed below
        <audio
          className="rs-player-audio"
          controls
          preload="metadata"
          src={urls.audio ?? urls.url}
          data-testid="preview-audio"
        />
      )}
      {item.kind === 'image' && (
        <img className="rs-preview-image" src={urls.url} alt={item.title} data-testid="preview-image" />
      )}
      {item.kind === 'ppt' && <Slides item={item} onChanged={onChanged} />}
      {(item.kind === 'office' || item.kind === 'other') && !urls.pdf && (
        <p className="ac-muted">{t('admin.resources.noPreview')}</p>
      )}
      <div className="ac-row-actions rs-preview-links">
        {item.kind === 'pdf' && openLink(urls.url, t('admin.resources.openPdf'), 'open-pdf')}
        {item.kind !== 'pdf' && urls.pdf && openLink(urls.pdf, t('admin.resources.openPdf'), 'open-pdf')}
        {item.kind !== 'pdf' && openLink(urls.url, t('admin.resources.openFile'))}
      </div>
      {(item.kind === 'video' || item.kind === 'audio') && <VideoFiles item={item} urls={urls} onChanged={onChanged} />}
    </div>
  );
}

/** The preview dialog of a resource, with its signed URLs (resource/url). Escape closes it. */
export function PreviewDialog({
  item,
  onClose,
  onChanged,
}: {
  item: ResourceItem;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const { data: urls, mutate } = useSWR<ResourceUrls>(`resource/url?rid=${item.rid}`, fetchData, {
    revalidateOnFocus: false,
  });
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [onClose]);
  const changed = () => {
    void mutate();
    onChanged();
  };
  return (
    <div className="dialog-mask ac-modal-mask" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="dialog ac-modal rs-preview"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="preview-dialog"
      >
        <div className="rs-preview-head">
          <h2 id={titleId} className="dialog-title">
            {t('admin.resources.previewTitle', { title: item.title })}
          </h2>
          <StatusBadge item={item} />
        </div>
        {urls ? (
          <PreviewBody item={item} urls={urls} onChanged={changed} />
        ) : (
          <div className="spinner" aria-hidden="true" />
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('admin.resources.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
