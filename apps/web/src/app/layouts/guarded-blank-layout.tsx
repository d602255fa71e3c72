import BlankLayout from './blank-layout';
import { QueryLayer } from './query-layer';
import '@/i18n/dayjs-locale'; // signed-in pages show dates: dayjs follows the language

/** The blank layout for signed-in pages outside the main layout (/open): with TanStack Query. */
export default function GuardedBlankLayout() {
  return (
    <QueryLayer>
      <BlankLayout />
    </QueryLayer>
  );
}
