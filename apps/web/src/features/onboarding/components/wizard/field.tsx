import type { ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { issueRule } from './issues';

type Props = Omit<FormItemProps, 'name' | 'rules'> & {
  name: (string | number)[];
  /** The field's full path when `name` is relative (inside a Form.List). */
  path?: (string | number)[];
  children: ReactNode;
  /** Text inputs are judged when left (a half-typed number is not yet wrong); choices at once. */
  judge?: 'blur' | 'change';
};

/**
 * A field of the wizard: antd's Form.Item with the contract's rules for it (`issueRule`) and the required mark
 * the caller gives.
 */
export function Field({ name, path, children, judge = 'blur', ...rest }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Form.Item
      name={name}
      rules={[issueRule(path ?? name, t)]}
      validateTrigger={judge === 'blur' ? ['onBlur'] : ['onChange']}
      {...rest}
    >
      {children}
    </Form.Item>
  );
}
