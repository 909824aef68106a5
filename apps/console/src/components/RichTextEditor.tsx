/**
 * The rich-text editor of the console (Tiptap). Heavy: import it through `LazyRichTextEditor` so it loads in
 * its own chunk. It produces only what the server's sanitiser keeps: h3, p, strong, em, u and links
 * (http, https, mailto).
 */
import { BoldOutlined, ItalicOutlined, LinkOutlined, UnderlineOutlined } from '@ant-design/icons';
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface RichTextEditorProps {
  /** HTML; read when the editor is created and whenever it differs from what the editor last produced. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  placeholder?: string;
}

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const NOTHING_ACTIVE = { heading: false, paragraph: false, bold: false, italic: false, underline: false, link: false };

export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkForm] = Form.useForm<{ href: string }>();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        hardBreak: false,
        link: false,
        underline: false,
        // No empty paragraph added after a last heading: it would be stored as a stray <p></p>.
        trailingNode: false,
      }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => SAFE_LINK.test(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });

  // a new value from outside (a reload) replaces the content
  useEffect(() => {
    // Tiptap may hand over an editor it has already destroyed while it re-creates one (lazy mount).
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? NOTHING_ACTIVE
        : {
            heading: e.isActive('heading', { level: 3 }),
            paragraph: e.isActive('paragraph'),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            link: e.isActive('link'),
          },
  });

  const openLink = () => {
    linkForm.setFieldsValue({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
    setLinkOpen(true);
  };
  const applyLink = ({ href }: { href: string }) => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else chain.setLink({ href: SAFE_LINK.test(url) ? url : `https://${url}` }).run();
    setLinkOpen(false);
  };

  const tool = (name: string, active: boolean, onClick: () => void, content: ReactNode, testId: string) => (
    <Tooltip title={name}>
      <Button
        type={active ? 'primary' : 'text'}
        aria-label={name}
        aria-pressed={active}
        data-testid={testId}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {content}
      </Button>
    </Tooltip>
  );

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
        {tool(
          'Heading',
          state.heading,
          () => editor.chain().focus().setHeading({ level: 3 }).run(),
          <span className="rte__tool-text">Heading</span>,
          'rte-heading',
        )}
        {tool(
          'Body',
          state.paragraph,
          () => editor.chain().focus().setParagraph().run(),
          <span className="rte__tool-text">Body</span>,
          'rte-body',
        )}
        {tool('Bold', state.bold, () => editor.chain().focus().toggleBold().run(), <BoldOutlined />, 'rte-bold')}
        {tool(
          'Italic',
          state.italic,
          () => editor.chain().focus().toggleItalic().run(),
          <ItalicOutlined />,
          'rte-italic',
        )}
        {tool(
          'Underline',
          state.underline,
          () => editor.chain().focus().toggleUnderline().run(),
          <UnderlineOutlined />,
          'rte-underline',
        )}
        {tool('Link', state.link, openLink, <LinkOutlined />, 'rte-link')}
      </div>
      <EditorContent editor={editor} className="rte__body" />
      <Modal
        open={linkOpen}
        title="Link"
        okText="Apply"
        onOk={() => linkForm.submit()}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Form form={linkForm} name="rte-link" layout="vertical" onFinish={applyLink}>
          <Form.Item name="href" label="Link address" extra="Leave empty to remove the link.">
            <Input placeholder="https://www.example.com" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
