import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isSafeUrl } from '../../../shared/rules/sanitize';
import type { MessageKey } from '../../../shared/i18n';
import { useT } from '../../i18n';
import { cleanHtml, normaliseEditorHtml } from './rich-text';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  placeholder?: string;
  testId?: string;
}

type Tool = { key: string; label: MessageKey; text: ReactNode; run: () => void; active?: boolean };
type Prompt = { kind: 'link' | 'image'; url: string; error: string | null };

const icon = (path: string) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={path} />
  </svg>
);
/** Toolbar icons drawn inline (no icon font; emoji are missing on many systems). */
const ICONS = {
  ol: icon('M6 4h8M6 8h8M6 12h8M2 3h1v3M2 6h2M2 10h2l-2 2.5h2'),
  ul: icon('M6 4h8M6 8h8M6 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01'),
  link: icon('M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1'),
  image: icon('M2 3h12v10H2zM2 11l3.5-3.5 3 3 2-2L14 12M10.5 6h.01'),
  clear: icon('M4 3h8M8 3l-2 10M3 13h5M10 9l4 4M14 9l-4 4'),
};

/**
 * A small rich-text editor without a library: a contenteditable area and a toolbar of document.execCommand
 * formats (bold, italic, underline, h3/h4 headings for the graphic reader's table of contents, lists, link,
 * image by address, clear formatting). Addresses follow the sanitiser's URL rule; pasted HTML is cleaned;
 * the server sanitises again on save.
 */
export function RichTextEditor({ value, onChange, label, invalid, placeholder, testId }: RichTextEditorProps) {
  const t = useT();
  const editorRef = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [state, setState] = useState({ bold: false, italic: false, underline: false, block: '', ol: false, ul: false });

  // Load a value that did not come from typing here (the first load, a reset after saving).
  useLayoutEffect(() => {
    const root = editorRef.current;
    if (root && value !== emitted.current) {
      root.innerHTML = cleanHtml(value);
      emitted.current = value;
    }
  }, [value]);

  const emit = () => {
    const root = editorRef.current;
    if (!root) return;
    const html = normaliseEditorHtml(root);
    emitted.current = html;
    onChange(html);
  };

  const inEditor = (node: Node | null) => !!node && !!editorRef.current?.contains(node);

  useEffect(() => {
    const handleSelection = () => {
      const selection = document.getSelection();
      if (!selection || !inEditor(selection.anchorNode)) return;
      setState({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        underline: document.queryCommandState('underline'),
        block: String(document.queryCommandValue('formatBlock') || '').toLowerCase(),
        ol: document.queryCommandState('insertOrderedList'),
        ul: document.queryCommandState('insertUnorderedList'),
      });
    };
    document.addEventListener('selectionchange', handleSelection);
    return () => document.removeEventListener('selectionchange', handleSelection);
  });

  const restoreSelection = () => {
    const root = editorRef.current;
    if (!root) return;
    root.focus();
    const range = savedRange.current;
    if (range) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  };

  const exec = (command: string, argument?: string) => {
    restoreSelection();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, argument);
    emit();
  };

  const rememberSelection = () => {
    const selection = document.getSelection();
    savedRange.current =
      selection && selection.rangeCount > 0 && inEditor(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
  };

  const heading = (tag: 'h3' | 'h4') => exec('formatBlock', state.block === tag ? 'p' : tag);
  const tools: Tool[] = [
    { key: 'bold', label: 'admin.editor.bold', text: 'B', run: () => exec('bold'), active: state.bold },
    { key: 'italic', label: 'admin.editor.italic', text: 'I', run: () => exec('italic'), active: state.italic },
    {
      key: 'underline',
      label: 'admin.editor.underline',
      text: 'U',
      run: () => exec('underline'),
      active: state.underline,
    },
    { key: 'h3', label: 'admin.editor.h3', text: 'H3', run: () => heading('h3'), active: state.block === 'h3' },
    { key: 'h4', label: 'admin.editor.h4', text: 'H4', run: () => heading('h4'), active: state.block === 'h4' },
    { key: 'ol', label: 'admin.editor.ol', text: ICONS.ol, run: () => exec('insertOrderedList'), active: state.ol },
    { key: 'ul', label: 'admin.editor.ul', text: ICONS.ul, run: () => exec('insertUnorderedList'), active: state.ul },
    {
      key: 'link',
      label: 'admin.editor.link',
      text: ICONS.link,
      run: () => setPrompt({ kind: 'link', url: 'https://', error: null }),
    },
    {
      key: 'image',
      label: 'admin.editor.image',
      text: ICONS.image,
      run: () => setPrompt({ kind: 'image', url: '', error: null }),
    },
    {
      key: 'clear',
      label: 'admin.editor.clear',
      text: ICONS.clear,
      run: () => {
        exec('removeFormat');
        exec('unlink');
        exec('formatBlock', 'p');
      },
    },
  ];

  // Keep the editor's selection when a toolbar button is pressed.
  const keepSelection = (event: MouseEvent) => {
    event.preventDefault();
    rememberSelection();
  };

  const applyPrompt = () => {
    if (!prompt) return;
    const url = prompt.url.trim();
    if (!url || url === 'https://') return setPrompt({ ...prompt, error: t('admin.editor.urlRequired') });
    if (!isSafeUrl(url)) return setPrompt({ ...prompt, error: t('admin.editor.urlUnsafe') });
    const range = savedRange.current;
    setPrompt(null);
    if (prompt.kind === 'image') return exec('insertImage', url);
    if (!range || range.collapsed) {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.textContent = url;
      return exec('insertHTML', anchor.outerHTML);
    }
    exec('createLink', url);
  };

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, cleanHtml(html));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    emit();
  };

  return (
    <div className={`ac-rte${invalid ? ' is-invalid' : ''}`} data-testid={testId}>
      <div className="ac-rte-bar" role="toolbar" aria-label={t('admin.editor.toolbar')}>
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`ac-rte-btn ac-rte-${tool.key}${tool.active ? ' is-on' : ''}`}
            aria-label={t(tool.label)}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            title={t(tool.label)}
            data-tool={tool.key}
            onMouseDown={keepSelection}
            onClick={tool.run}
          >
            {tool.text}
          </button>
        ))}
      </div>
      {prompt && (
        <div className="ac-rte-prompt" data-testid="rte-prompt">
          <input
            type="text"
            inputMode="url"
            autoFocus
            value={prompt.url}
            aria-label={prompt.kind === 'link' ? t('admin.editor.linkUrl') : t('admin.editor.imageUrl')}
            placeholder={prompt.kind === 'link' ? 'https://' : t('admin.common.imagePlaceholder')}
            onChange={(event) => setPrompt({ ...prompt, url: event.target.value, error: null })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyPrompt();
              }
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setPrompt(null);
              }
            }}
          />
          <button type="button" className="btn btn-small btn-primary" onClick={applyPrompt}>
            {t('common.ok')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setPrompt(null)}>
            {t('common.cancel')}
          </button>
          {prompt.error && (
            <p className="ac-error" role="alert">
              {prompt.error}
            </p>
          )}
        </div>
      )}
      {/* biome-ignore lint/a11y/useFocusableInteractive: contentEditable makes it focusable */}
      <div
        ref={editorRef}
        className="ac-rte-area rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        data-placeholder={placeholder ?? t('admin.editor.placeholder')}
        onInput={emit}
        onBlur={rememberSelection}
        onKeyUp={rememberSelection}
        onMouseUp={rememberSelection}
        onPaste={handlePaste}
      />
    </div>
  );
}
