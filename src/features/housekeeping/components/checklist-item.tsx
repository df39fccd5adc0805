// One checklist item of a run (docs/housekeeping.md "Field app"): a control for its kind - tick,
// yes / no, number (out of range flagged), text, photo taken with the phone's camera - saved the
// moment it is given; "Flag a problem"; and, for a failed item, "Report a problem" pre-filled with
// the villa, the room, the item and its photo (the one report form, src/domain/work-orders/
// report-problem.tsx). Read-only for an inspection or a finished clean.
import { AlertTriangle, Camera, CloudUpload, Flag, Trash2, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ReportProblemForm } from '@/domain/work-orders/report-problem';
import { useT } from '@/lib/i18n/catalog';
import {
  isFailed,
  outOfRange,
  type AnswerValue,
  type RunAnswer,
  type RunItem,
  type RunPhoto,
} from '../field-logic';
import { messages } from '../messages';

export interface ItemProps {
  item: RunItem;
  room: string;
  villa: string;
  answer: RunAnswer | undefined;
  photos: RunPhoto[];
  done: boolean;
  /** Answers may be given (the clean is under way and the user does it). */
  editable: boolean;
  /** A work order raised from this item already (queued or on the server). */
  reported: { title: string; pendingSync?: boolean } | null;
  canReport: boolean;
  onAnswer: (value: AnswerValue, extra?: { note?: string; flagged?: boolean }) => void;
  onPhoto: (file: File) => void;
  onRemovePhoto: (photoId: string) => void;
  onReport: (input: { title: string; description: string }) => void;
}

// Both are called as the item draws, so their words follow the language of the moment.
function rangeText(item: RunItem): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min != null && item.max != null) return `${item.min}–${item.max}${unit}`;
  if (item.min != null) return messages.t('item.atLeast', { min: String(item.min), unit });
  if (item.max != null) return messages.t('item.atMost', { max: String(item.max), unit });
  return '';
}

function answerText(item: RunItem, a: RunAnswer | undefined, photos: number): string {
  if (item.kind === 'photo') return photos > 0 ? messages.t('photos', { count: photos }) : '—';
  const v = a?.value;
  if (v === null || v === undefined || v === '') return '—';
  if (item.kind === 'tick') return v === true ? messages.t('item.tickDone') : '—';
  if (item.kind === 'yes_no') return v === true ? messages.t('item.yes') : messages.t('item.no');
  if (item.kind === 'number') return `${String(v)}${item.unit ? ` ${item.unit}` : ''}`;
  return String(v);
}

function NumberAnswer({
  item,
  answer,
  disabled,
  inputId,
  onAnswer,
}: {
  item: RunItem;
  answer: RunAnswer | undefined;
  disabled: boolean;
  inputId: string;
  onAnswer: ItemProps['onAnswer'];
}) {
  const given = typeof answer?.value === 'number' ? String(answer.value) : '';
  const [text, setText] = useState(given);
  // A new answer from elsewhere (the server, a replay): shown, as React's "state from props".
  const [seen, setSeen] = useState(given);
  if (seen !== given) {
    setSeen(given);
    setText(given);
  }
  const commit = () => {
    const t = text.trim();
    if (t === given) return;
    const n = Number(t.replace(',', '.'));
    if (t === '' || !Number.isFinite(n)) return;
    onAnswer(n, { flagged: answer?.flagged ?? false, note: answer?.note ?? '' });
  };
  return (
    <div className="flex items-center gap-2">
      <Input
        id={inputId}
        type="number"
        inputMode="decimal"
        step="any"
        className="h-11 w-32 text-base"
        value={text}
        disabled={disabled}
        aria-describedby={`${inputId}-range`}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {item.unit ? <span className="text-sm">{item.unit}</span> : null}
    </div>
  );
}

function TextAnswer({
  answer,
  disabled,
  inputId,
  onAnswer,
}: {
  answer: RunAnswer | undefined;
  disabled: boolean;
  inputId: string;
  onAnswer: ItemProps['onAnswer'];
}) {
  const given = typeof answer?.value === 'string' ? answer.value : '';
  const [text, setText] = useState(given);
  // A new answer from elsewhere (the server, a replay): shown, as React's "state from props".
  const [seen, setSeen] = useState(given);
  if (seen !== given) {
    setSeen(given);
    setText(given);
  }
  return (
    <textarea
      id={inputId}
      className="border-input focus-visible:border-ring focus-visible:ring-ring/50 min-h-20 w-full rounded-md border bg-transparent px-3 py-2 text-base focus-visible:ring-[3px] focus-visible:outline-none"
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        if (text !== given) onAnswer(text, { flagged: answer?.flagged ?? false });
      }}
    />
  );
}

/** "Report a problem" from a failed item: the one report form, pre-filled from the item. */
function ReportForm({
  item,
  room,
  villa,
  answer,
  hasPhoto,
  onReport,
  onCancel,
}: {
  item: RunItem;
  room: string;
  villa: string;
  answer: RunAnswer | undefined;
  hasPhoto: boolean;
  onReport: ItemProps['onReport'];
  onCancel: () => void;
}) {
  const t = useT(messages);
  const range = item.kind === 'number' ? rangeText(item) : '';
  const given = answer?.value !== undefined && answer.value !== null;
  const description = [
    t('item.reportFailed', { villa, room, item: item.label }),
    !given
      ? '.'
      : range
        ? t('item.reportAnswerRange', { answer: answerText(item, answer, 0), range })
        : t('item.reportAnswer', { answer: answerText(item, answer, 0) }),
    answer?.note ? ` ${answer.note}` : '',
  ].join(' ');
  const context = [
    villa,
    room,
    ...(hasPhoto ? [t('item.withPhoto')] : []),
    t('item.dueBefore'),
    ...(item.critical ? [t('item.blocks')] : []),
  ].join(' · ');
  return (
    <ReportProblemForm
      variant="from-item"
      name={t('item.reportName', { item: item.label })}
      defaults={{ title: `${room}: ${item.label}`, description }}
      context={context}
      onSubmit={onReport}
      onCancel={onCancel}
    />
  );
}

function PhotoInput({
  label,
  again,
  text,
  onPhoto,
}: {
  label: string;
  again: boolean;
  text?: string;
  onPhoto: (file: File) => void;
}) {
  const t = useT(messages);
  return (
    <label className="border-input hover:bg-accent focus-within:ring-ring/50 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium focus-within:ring-[3px]">
      <Camera aria-hidden="true" className="size-4" />
      {text ?? (again ? t('item.takeAnother') : t('item.takePhoto'))}
      <input
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        aria-label={t('item.photoLabel', { item: label })}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPhoto(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}

export function ChecklistItem(p: ItemProps) {
  const t = useT(messages);
  const { item, answer, photos, editable } = p;
  const id = useId();
  const inputId = `${id}-input`;
  const failed = isFailed(item, answer);
  const range = outOfRange(item, answer?.value ?? null);
  const [reporting, setReporting] = useState(false);
  const pending = answer?.pendingSync || photos.some((ph) => ph.pendingSync);
  const flagged = answer?.flagged ?? false;

  const heading = (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="font-medium">{item.label}</span>
      {item.required ? (
        <span className="text-muted-foreground text-xs">{t('item.required')}</span>
      ) : null}
      {item.critical ? (
        <Badge variant="outline" className="text-xs">
          {t('item.critical')}
        </Badge>
      ) : null}
    </span>
  );

  let control: React.ReactNode;
  if (!editable) {
    control = (
      <p className="text-sm">
        <span className="sr-only">{t('item.answer')} </span>
        {answerText(item, answer, photos.length)}
        {answer?.note ? <span className="text-muted-foreground"> — {answer.note}</span> : null}
      </p>
    );
  } else if (item.kind === 'tick') {
    control = null;
  } else if (item.kind === 'yes_no') {
    control = (
      <div className="flex gap-4">
        {([true, false] as const).map((v) => (
          <label key={String(v)} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={`${id}-yesno`}
              className="size-5"
              checked={answer?.value === v}
              onChange={() => p.onAnswer(v, { flagged, note: answer?.note ?? '' })}
            />
            {v ? t('item.yes') : t('item.no')}
          </label>
        ))}
      </div>
    );
  } else if (item.kind === 'number') {
    control = (
      <NumberAnswer
        item={item}
        answer={answer}
        disabled={!editable}
        inputId={inputId}
        onAnswer={p.onAnswer}
      />
    );
  } else if (item.kind === 'text') {
    control = (
      <TextAnswer answer={answer} disabled={!editable} inputId={inputId} onAnswer={p.onAnswer} />
    );
  } else {
    control = <PhotoInput label={item.label} again={photos.length > 0} onPhoto={p.onPhoto} />;
  }

  return (
    <li
      id={`item-${item.id}`}
      data-item={item.id}
      className={`space-y-2 rounded-md border p-3 ${failed ? 'border-destructive/60' : ''}`}
    >
      {editable && item.kind === 'tick' ? (
        <label className="flex min-h-11 items-center gap-3 text-base">
          <input
            id={inputId}
            type="checkbox"
            className="size-6 shrink-0"
            checked={answer?.value === true}
            onChange={(e) => p.onAnswer(e.target.checked, { flagged, note: answer?.note ?? '' })}
          />
          {heading}
        </label>
      ) : item.kind === 'yes_no' && editable ? (
        <fieldset className="space-y-1">
          <legend>{heading}</legend>
          {control}
        </fieldset>
      ) : (
        <div className="space-y-1">
          {item.kind === 'number' || item.kind === 'text' ? (
            editable ? (
              <label htmlFor={inputId} className="block">
                {heading}
              </label>
            ) : (
              heading
            )
          ) : (
            heading
          )}
          {control}
        </div>
      )}
      {item.kind === 'number' && rangeText(item) ? (
        <p id={`${inputId}-range`} className="text-muted-foreground text-xs">
          {t('item.expected', { range: rangeText(item) })}
        </p>
      ) : null}
      {range ? (
        <p className="text-destructive flex items-center gap-1 text-sm font-medium">
          <AlertTriangle aria-hidden="true" className="size-4" />
          {t('item.outOfRange')}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('item.photosOf', { item: item.label })}>
          {photos.map((ph, i) => (
            <li key={ph.id} className="relative">
              {ph.url ? (
                <img
                  src={ph.url}
                  alt={t('item.photoAlt', { item: item.label, n: i + 1 })}
                  className="size-20 rounded-md object-cover"
                />
              ) : (
                <span className="bg-muted flex size-20 items-center justify-center rounded-md text-xs">
                  {t('item.photoN', { n: i + 1 })}
                </span>
              )}
              {editable ? (
                <Button
                  size="icon-sm"
                  variant="secondary"
                  className="absolute top-0 right-0"
                  aria-label={t('item.removePhoto', { n: i + 1, item: item.label })}
                  onClick={() => p.onRemovePhoto(ph.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {editable && item.kind !== 'photo' && failed ? (
          <PhotoInput
            label={item.label}
            again={photos.length > 0}
            text={t('item.photoProblem')}
            onPhoto={p.onPhoto}
          />
        ) : null}
        {editable ? (
          <Button
            size="sm"
            variant={flagged ? 'destructive' : 'ghost'}
            aria-pressed={flagged}
            onClick={() =>
              // A photo item's answer is its photo (true once taken), whatever was read so far.
              p.onAnswer(
                item.kind === 'photo' && photos.length > 0 ? true : (answer?.value ?? null),
                {
                  flagged: !flagged,
                  note: answer?.note ?? '',
                },
              )
            }
          >
            <Flag aria-hidden="true" />
            {flagged ? t('item.flagged') : t('item.flag')}
          </Button>
        ) : null}
        {failed && !editable ? (
          <Badge variant="destructive">{flagged ? t('item.flagged') : t('item.failed')}</Badge>
        ) : null}
        {failed && p.reported ? (
          <span className="flex items-center gap-1 text-sm">
            <Wrench aria-hidden="true" className="size-4" />
            {t('item.reported', { title: p.reported.title })}
          </span>
        ) : failed && p.canReport && !reporting ? (
          <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
            <Wrench aria-hidden="true" />
            {t('item.report')}
          </Button>
        ) : null}
        {pending ? (
          <span className="flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
            <CloudUpload aria-hidden="true" className="size-3.5" />
            {t('savedOnPhone')}
          </span>
        ) : null}
      </div>
      {reporting && failed && !p.reported ? (
        <ReportForm
          item={item}
          room={p.room}
          villa={p.villa}
          answer={answer}
          hasPhoto={photos.length > 0}
          onCancel={() => setReporting(false)}
          onReport={(input) => {
            p.onReport(input);
            setReporting(false);
          }}
        />
      ) : null}
    </li>
  );
}
