import { LABEL, MSG, id as visitorId } from '@atk/contract';
import { App, Button, Form, Input } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { statisticsApi, statisticsKeys } from './api.ts';
import { ERASE_VISITOR } from './visitorTexts.ts';

/**
 * Erasing a visitor (DELETE …/admin/player/visitors/:id, global and super admins): 'Visitor erased' and the
 * statistics reload (the visitor's row leaves Total Users, its new-user day drops); an id the server does not hold
 * is its 404 'Visitor not found', as every refusal, the server's msg.
 */
function useEraseVisitor(onSaved?: () => void) {
  return useSave({
    save: statisticsApi.eraseVisitor,
    success: MSG.visitorErased,
    invalidate: [statisticsKeys.all],
    onSaved,
  });
}

/** The row action of a visitor of Total Users: Erase, behind its confirmation. `name` is the row's 'Visitor 3'. */
export function EraseVisitorAction({ id, name }: { id: string; name: string }) {
  const erase = useEraseVisitor();
  return (
    <RowAction
      label={ERASE_VISITOR.erase}
      name={name}
      danger
      confirm={ERASE_VISITOR.confirm}
      busy={erase.isPending}
      onClick={() => erase.mutate(id)}
    />
  );
}

interface EraseForm {
  visitor_id?: string;
}

/** What the operator pasted, as the server keeps ids: no spaces around it, lower case. */
const cleanId = (value: string | undefined) => (value ?? '').trim().toLowerCase();

/**
 * Erase a visitor by its id, for a visitor who sent it (by email, from the player): checked to be an id (the
 * contract's rule) before anything is sent, then the same confirmation as the row action. The field empties once
 * erased and keeps the id when refused.
 */
export function EraseVisitorForm() {
  const { modal } = App.useApp();
  const [form] = Form.useForm<EraseForm>();
  const erase = useEraseVisitor(() => form.resetFields());
  const onFinish = ({ visitor_id }: EraseForm) =>
    modal.confirm({
      title: ERASE_VISITOR.heading,
      content: ERASE_VISITOR.confirm,
      okText: 'OK',
      cancelText: LABEL.cancel,
      okButtonProps: { danger: true },
      onOk: () => erase.mutate(cleanId(visitor_id)),
    });
  return (
    <section className="erase-visitor" aria-labelledby="erase-visitor-heading" data-testid="erase-visitor">
      <h2 className="erase-visitor__heading" id="erase-visitor-heading">
        {ERASE_VISITOR.heading}
      </h2>
      <p className="erase-visitor__help" id="erase-visitor-help">
        {ERASE_VISITOR.help}
      </p>
      <Form<EraseForm> form={form} name="erase-visitor" layout="inline" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          label={ERASE_VISITOR.idLabel}
          name="visitor_id"
          className="erase-visitor__field"
          validateTrigger="onSubmit"
          rules={[
            { required: true, whitespace: true, message: ERASE_VISITOR.idRequired },
            {
              validator: (_, value: string | undefined) =>
                !cleanId(value) || visitorId.safeParse(cleanId(value)).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(ERASE_VISITOR.idInvalid)),
            },
          ]}
        >
          <Input
            placeholder={ERASE_VISITOR.idPlaceholder}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="erase-visitor-help"
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" danger loading={erase.isPending}>
            {ERASE_VISITOR.erase}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
