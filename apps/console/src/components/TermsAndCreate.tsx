import { LABEL } from '@atk/contract';
import { Button, Checkbox, Form } from 'antd';
import { Link } from 'react-router';

/**
 * The end of a form that makes an account (sign-up, an accepted invitation): the Terms and Conditions checkbox (the
 * form's `agree` field) and Create Account, which waits for it.
 */
export function TermsAndCreate({ loading }: { loading: boolean }) {
  const agreed = Form.useWatch('agree', Form.useFormInstance()) === true;
  return (
    <>
      <Form.Item name="agree" valuePropName="checked">
        <Checkbox>
          I agree to the{' '}
          <Link to="/terms" target="_blank" rel="noreferrer">
            {LABEL.termsAndConditions}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" disabled={!agreed} loading={loading}>
        {LABEL.createAccount}
      </Button>
    </>
  );
}
