import { ProtocolDocument } from '../components/protocol-document';
import { USER_AGREEMENT } from '../texts/user-agreement';

/** /protocal-user (the seed's spelling). */
export default function Page() {
  return <ProtocolDocument text={USER_AGREEMENT} testId="page-protocal-user" />;
}
