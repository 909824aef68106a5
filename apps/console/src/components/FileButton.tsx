import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';

export interface FileButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The accessible name of the file input (browser tests: `getByLabel(label).setInputFiles(…)`). */
  label: string;
  accept?: string;
  onFile: (file: File) => void;
  children: ReactNode;
}

/**
 * A button that picks one file: the button opens a hidden, labelled file input. Choosing the same file twice
 * works (the input is cleared after each choice).
 */
export function FileButton({ label, accept, onFile, children, disabled, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        // antd's form styles set `input[type='file'] { display: block }`, which beats the `hidden` attribute inside
        // a Form.Item (Edit Retailer showed 'Choose File — No file chosen'); an inline style wins over both.
        style={{ display: 'none' }}
        accept={accept}
        aria-label={label}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
