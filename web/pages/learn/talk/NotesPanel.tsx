import { useState, type FormEvent } from 'react';
import { noteCalls } from '../../../../shared/calls/notes';
import { NOTE_MAX, noteSpot, textRefusal } from '../../../../shared/rules/qa-notes';
import { formatClock } from '../../../../shared/rules/text';
import type { Note } from '../../../../shared/schemas/qa';
import type { Ware } from '../../../../shared/schemas/learning';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { currentPage, currentTime, seekTo, turnTo, usePositionVersion } from '../../../components/viewers/position';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { LiveClock } from './QaPanel';
import { talkFailure } from './talk-text';

const PAGED = new Set<Ware['kind']>(['pdf', 'office', 'ppt']);

/** Where a note points, as a button that goes there (the video's time or the document's page). */
export function SpotButton({ note, onGo }: { note: Pick<Note, 'videoTime' | 'page'>; onGo?: () => void }) {
  const t = useT();
  const spot = noteSpot(note);
  if (spot.at === 'chapter') return null;
  const label = spot.at === 'time' ? formatClock(spot.seconds) : t('notes.atPage', { page: spot.page });
  const go = () => {
    if (onGo) return onGo();
    if (spot.at === 'time') seekTo(spot.seconds);
    else turnTo(spot.page);
  };
  return (
    <button
      type="button"
      className="talk-time"
      onClick={go}
      aria-label={t('notes.goTo', { spot: label })}
      data-testid="note-spot"
      data-seconds={spot.at === 'time' ? spot.seconds : undefined}
      data-page={spot.at === 'page' ? spot.page : undefined}
    >
      {spot.at === 'time' ? '▶ ' : ''}
      {label}
    </button>
  );
}

/** The viewer's page as it turns, or the page held since the learner began writing. */
function LivePage({ held }: { held: number | null }) {
  const t = useT();
  usePositionVersion();
  return <span data-testid="live-page">{t('notes.atPage', { page: held ?? currentPage() ?? 1 })}</span>;
}

/** One note with its edit and delete. */
export function NoteItem({
  note,
  onChanged,
  onGo,
}: {
  note: Note;
  onChanged: () => Promise<unknown>;
  onGo?: () => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  const [busy, setBusy] = useState(false);

  const handleSave = async (event: FormEvent) => {
    event.preventDefault();
    const refusal = textRefusal(text, NOTE_MAX);
    if (refusal) return toast(refusal === 'emptyText' ? t('qa.emptyText') : t('qa.tooLong', { max: NOTE_MAX }));
    setBusy(true);
    const reply = await request(noteCalls.edit, { body: { nid: note.nid, body: text } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(talkFailure(t, reply, NOTE_MAX));
    toast(t('notes.added'));
    setEditing(false);
    await onChanged();
  };
  const handleDelete = async () => {
    if (!(await confirm({ text: t('notes.confirmDelete') }))) return;
    setBusy(true);
    const reply = await request(noteCalls.remove, { body: { nid: note.nid } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(talkFailure(t, reply, NOTE_MAX));
    toast(t('notes.deleted'));
    await onChanged();
  };

  return (
    <li className="talk-item" data-testid="note-item" data-nid={note.nid}>
      {editing ? (
        <form className="talk-form" onSubmit={(event) => void handleSave(event)}>
          <textarea
            className="talk-input"
            rows={3}
            value={text}
            aria-label={t('notes.edit')}
            onChange={(event) => setText(event.target.value)}
            data-testid="note-edit-input"
          />
          <div className="talk-form-foot">
            <button type="button" className="btn btn-light btn-small" onClick={() => setEditing(false)}>
              {t('notes.cancel')}
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="note-save">
              {t('notes.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="talk-body">
            <SpotButton note={note} onGo={onGo} />
            <span data-testid="note-body">{note.body}</span>
          </p>
          <div className="talk-actions">
            <button
              type="button"
              className="btn btn-text btn-small"
              onClick={() => {
                setText(note.body);
                setEditing(true);
              }}
              data-testid="note-edit"
            >
              {t('notes.edit')}
            </button>
            <button
              type="button"
              className="btn btn-text btn-small"
              disabled={busy}
              onClick={() => void handleDelete()}
              data-testid="note-delete"
            >
              {t('notes.delete')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The student's notes on the chapter beside the viewer (issue 16): write one at the video's current time or
 * the document's page; each note goes back there when its time or page is clicked.
 */
export function NotesPanel({ ware }: { ware: Ware }) {
  const t = useT();
  const video = ware.kind === 'video' || ware.kind === 'audio';
  const paged = PAGED.has(ware.kind);
  const { data, error, mutate } = useCall(noteCalls.list, { query: { coid: ware.coid, cid: ware.cid } });
  const [text, setText] = useState('');
  const [pinned, setPinned] = useState(video || paged);
  const [busy, setBusy] = useState(false);
  const [spot, setSpot] = useState<number | null>(null);
  const read = () => (video ? currentTime() : paged ? currentPage() : null);
  const count = Array.from(text.trim()).length;

  const handleAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const refusal = textRefusal(text, NOTE_MAX);
    if (refusal) return toast(refusal === 'emptyText' ? t('qa.emptyText') : t('qa.tooLong', { max: NOTE_MAX }));
    const at = pinned ? (spot ?? read()) : null;
    setBusy(true);
    const reply = await request(noteCalls.add, {
      body: {
        coid: ware.coid,
        cid: ware.cid,
        body: text,
        videoTime: video ? at : null,
        page: paged ? at : null,
      },
    });
    setBusy(false);
    if (reply.status !== 'ok') return toast(talkFailure(t, reply, NOTE_MAX));
    toast(t('notes.added'));
    setText('');
    setSpot(null);
    await mutate();
  };

  return (
    <div className="talk-notes" data-testid="notes-panel">
      <form
        className="talk-form"
        onSubmit={(event) => void handleAdd(event)}
        onFocusCapture={spot === null ? () => setSpot(read()) : undefined}
        data-testid="note-add"
      >
        <textarea
          className="talk-input"
          rows={2}
          value={text}
          aria-label={t('notes.placeholder')}
          placeholder={t('notes.placeholder')}
          onChange={(event) => setText(event.target.value)}
          data-testid="note-input"
        />
        <div className="talk-form-foot">
          {(video || paged) && (
            <label className="talk-check">
              <input
                type="checkbox"
                checked={pinned}
                onChange={(event) => {
                  setPinned(event.target.checked);
                  setSpot(read());
                }}
                data-testid="note-at-spot"
              />
              {video ? (
                <>
                  {t('notes.atTime')} <LiveClock held={spot} />
                </>
              ) : (
                <>
                  {t('notes.atCurrentPage')} <LivePage held={spot} />
                </>
              )}
            </label>
          )}
          <span className={`talk-counter${count > NOTE_MAX ? ' is-over' : ''}`} aria-live="polite">
            {t('qa.counter', { count, max: NOTE_MAX })}
          </span>
          <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="note-submit">
            {t('notes.add')}
          </button>
        </div>
      </form>
      {error ? (
        <p className="talk-empty" role="alert">
          {t('notes.loadError')}{' '}
          <button type="button" className="btn btn-text btn-small" onClick={() => void mutate()}>
            {t('notes.retry')}
          </button>
        </p>
      ) : !data ? (
        <p className="talk-empty">{t('common.loading')}</p>
      ) : data.list.length === 0 ? (
        <p className="talk-empty">{t('notes.chapterEmpty')}</p>
      ) : (
        <ul className="talk-list">
          {data.list.map((note) => (
            <NoteItem key={`${note.nid}.${note.updated}`} note={note} onChanged={() => mutate()} />
          ))}
        </ul>
      )}
    </div>
  );
}
