// The four upload groups, each repeatable: a labelled file input adds a file; each file shows its
// name, size, a progress bar, its status or error, and Remove (and Retry after a failure).
import type { Lang } from '../../../i18n/languages.ts';
import { fill } from '../../../i18n/define.ts';
import { formatNumber, formatPercent } from '../../../i18n/typography/numbers.ts';
import { uploadGroups, type UploadGroup } from '../rules/options.ts';
import type { RegistrationStrings } from '../strings.ts';
import type { UploadItem } from './use-uploads.ts';

interface Props {
  lang: Lang;
  s: RegistrationStrings;
  items: UploadItem[];
  onAdd: (group: UploadGroup, file: File) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  announce: (text: string) => void;
}

function formatSize(bytes: number, lang: Lang) {
  const mb = bytes / (1024 * 1024);
  // A no-break space keeps the number with its unit (7 MB, 7 Mo).
  return mb >= 1
    ? `${formatNumber(lang, mb, 1)}\u00a0${lang === 'en' ? 'MB' : 'Mo'}`
    : `${formatNumber(lang, Math.max(1, Math.round(bytes / 1024)), 1)}\u00a0${lang === 'en' ? 'KB' : 'Ko'}`;
}

export function Uploads({ lang, s, items, onAdd, onRemove, onRetry, announce }: Props) {
  // Removing a file says so, and focus goes to its group's "Add a file" (the button it was on is gone).
  const removeFrom = (inputId: string) => (f: UploadItem) => {
    onRemove(f.id);
    announce(fill(lang, s.fileRemoved, { name: f.name }));
    requestAnimationFrame(() => document.getElementById(inputId)?.focus());
  };
  return (
    <>
      <p>{s.uploadsIntro}</p>
      {uploadGroups.map((group) => {
        const g = s.uploadGroups[group];
        const files = items.filter((it) => it.group === group);
        const inputId = `chb-upload-${group}`;
        return (
          <section className="upload-group" key={group} aria-labelledby={`${inputId}-title`}>
            <h3 id={`${inputId}-title`}>{g.title}</h3>
            <p className="hint" id={`${inputId}-hint`}>
              {g.hint}
            </p>
            {files.length === 0 ? (
              <p className="muted">{s.noFiles}</p>
            ) : (
              <ul className="upload-list">
                {files.map((f) => (
                  <UploadFile key={f.id} lang={lang} s={s} f={f} onRemove={removeFrom(inputId)} onRetry={onRetry} />
                ))}
              </ul>
            )}
            <div className="field">
              <label htmlFor={inputId}>
                {s.addFile}
                {/* Heard as "Add a file: Direct deposit form", « Ajouter un fichier : … » (the pair string spaces the colon). */}
                <span className="visually-hidden">{fill(lang, s.pair, { label: '', value: g.title })}</span>
              </label>
              <input
                id={inputId}
                type="file"
                accept=".pdf,.jpg,.jpeg,.tif,.tiff,.png,application/pdf,image/jpeg,image/tiff,image/png"
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => {
                  const list = Array.from(e.target.files ?? []);
                  e.target.value = '';
                  list.forEach((file) => onAdd(group, file));
                }}
                multiple
              />
            </div>
          </section>
        );
      })}
    </>
  );
}

/** One file of a group: its name and size, its progress or error, Retry and Remove. */
function UploadFile({
  lang,
  s,
  f,
  onRemove,
  onRetry,
}: Pick<Props, 'lang' | 's' | 'onRetry'> & { f: UploadItem; onRemove: (f: UploadItem) => void }) {
  return (
    <li className={f.status === 'error' ? 'upload-item upload-error' : 'upload-item'}>
      <span className="upload-name">{f.name}</span> <span className="upload-size">({formatSize(f.size, lang)})</span>
      {f.status !== 'error' && (
        <>
          <progress max={100} value={f.progress} aria-label={fill(lang, s.uploadProgress, { name: f.name })}>
            {formatPercent(lang, f.progress)}
          </progress>
          <span className="upload-status" role="status">
            {f.status === 'done'
              ? s.uploaded
              : f.status === 'uploading'
                ? `${s.uploading} ${formatPercent(lang, f.progress)}`
                : s.waiting}
          </span>
        </>
      )}
      {f.error && (
        <p className="field-error" role="alert">
          {f.error}
        </p>
      )}
      <span className="button-row">
        {f.status === 'error' && f.retryable && (
          <button type="button" className="button-secondary" onClick={() => onRetry(f.id)}>
            {fill(lang, s.retryFile, { name: f.name })}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={() => onRemove(f)}>
          {fill(lang, s.removeFile, { name: f.name })}
        </button>
      </span>
    </li>
  );
}
