import { useRef, useState } from 'react';
import type { ResourceItem } from '../../../../shared/schemas/resources';
import {
  CANCELLED,
  startUpload,
  UploadFailure,
  uploadErrorText,
  type UploadHandle,
  type UploadState,
} from '../../../api/upload';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { resourceCalls } from '../../../../shared/calls/resources';
import { request } from '../../../api/client';

/** One file of the upload list. */
export interface UploadRow {
  id: number;
  name: string;
  size: number;
  /** 0-100 (spec 4). */
  percent: number;
  state: UploadState;
  /** The failure's message. */
  error: string;
  /** tus uploads can be paused and resumed. */
  resumable: boolean;
}

let nextId = 1;

/**
 * The library's upload list: each file goes up through the one upload client (web/api/upload), then
 * resource/add puts it into the folder. 'done' only once the resource exists.
 */
export function useUploads(onAdded: (item: ResourceItem) => void) {
  const t = useT();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const handles = useRef(new Map<number, UploadHandle>());
  const patch = (id: number, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const add = (files: readonly File[], cate: string) => {
    for (const file of files) {
      const id = nextId++;
      // The row first, so that the client's first progress (2 %) lands on it.
      setRows((current) => [
        ...current,
        { id, name: file.name, size: file.size, percent: 0, state: 'uploading', error: '', resumable: false },
      ]);
      // Online release with an object store: the file goes straight to the store (spec 7 'Uploads'), where the
      // resource's conversion reads it and writes its outputs, so large lessons never pass through the server
      // (a single PUT: no pause/resume there). Without a store it goes to lan/upload or tus as before.
      const handle = startUpload(
        file,
        {
          onProgress: (percent) => patch(id, { percent }),
          // The file is stored once the client says done; it is a resource once resource/add answers.
          onState: (state) => patch(id, { state: state === 'done' ? 'processing' : state }),
        },
        { toStore: true },
      );
      handles.current.set(id, handle);
      patch(id, { resumable: handle.resumable });
      handle.promise.then(
        async (stored) => {
          const reply = await request(resourceCalls.add, { body: { fileId: stored.fileId, cate } });
          handles.current.delete(id);
          if (reply.status !== 'ok') return patch(id, { state: 'error', error: failureText(t, reply) });
          patch(id, { state: 'done', percent: 100 });
          onAdded(reply.data);
        },
        (failure: unknown) => {
          handles.current.delete(id);
          const cancelled = failure instanceof UploadFailure && failure.code === CANCELLED;
          patch(id, { state: cancelled ? 'cancelled' : 'error', error: cancelled ? '' : uploadErrorText(t, failure) });
        },
      );
    }
  };

  return {
    rows,
    add,
    /** Files still going up or waiting to be added. */
    active: rows.some((row) => row.state === 'uploading' || row.state === 'paused' || row.state === 'processing'),
    pause: (id: number) => handles.current.get(id)?.pause(),
    resume: (id: number) => handles.current.get(id)?.resume(),
    cancel: (id: number) => handles.current.get(id)?.cancel(),
    clearFinished: () =>
      setRows((current) =>
        current.filter((row) => row.state === 'uploading' || row.state === 'paused' || row.state === 'processing'),
      ),
  };
}
