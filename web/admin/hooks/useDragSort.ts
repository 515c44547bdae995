import { useState, type DragEvent } from 'react';

/**
 * HTML5 drag-and-drop reordering of a flat list: rowProps(index) makes a row draggable and a drop target;
 * dropping on the upper half of a row puts the dragged one before it, on the lower half after it.
 * onMove(from, to) gets the new index of the dragged item.
 */
export function useDragSort(onMove: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<{ index: number; after: boolean } | null>(null);

  const halfOf = (event: DragEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY > box.top + box.height / 2;
  };

  const rowProps = (index: number) => ({
    draggable: true,
    'data-drop': over?.index === index ? (over.after ? 'after' : 'before') : undefined,
    'data-dragging': dragging === index ? 'true' : undefined,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const after = halfOf(event);
      if (over?.index !== index || over.after !== after) setOver({ index, after });
    },
    onDragLeave: () => setOver((current) => (current?.index === index ? null : current)),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const from = dragging;
      const after = halfOf(event);
      setDragging(null);
      setOver(null);
      if (from === null) return;
      let to = index + (after ? 1 : 0);
      if (from < to) to -= 1;
      if (to !== from) onMove(from, to);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return { rowProps, dragging: dragging !== null };
}
