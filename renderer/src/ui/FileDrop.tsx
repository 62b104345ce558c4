/**
 * A zip picker that also takes a dropped file: a real file input (keyboard and screen readers use it as
 * usual) inside a drop zone.
 */
import { useId, useState, type DragEvent } from 'react';
import { Icon } from './Icon.js';

/** What the drop zone asks for and reports. */
export interface FileDropProps {
  /** The input's accessible name ("Docs zip"). */
  readonly label: string;
  readonly hint: string;
  readonly disabled?: boolean;
  readonly onFile: (file: File) => void;
}

/** A drop zone around a file input accepting zips. */
export function FileDrop(props: FileDropProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined && props.disabled !== true) props.onFile(file);
  };
  return (
    <div
      className={over ? 'dropzone over' : 'dropzone'}
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Icon name="upload" />
      <label htmlFor={inputId} className="dropzone-label">
        <strong>{props.label}</strong>
        <span className="muted">{props.hint}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept=".zip,application/zip"
        disabled={props.disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file !== undefined) props.onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
