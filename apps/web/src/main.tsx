import '@/i18n';
import { startApp } from '@/app/start';
import { setItem } from '@/lib/storage';
import '@/styles/app.css';

setItem('breadRouteList', null); // S2.5: the breadcrumb list starts empty on every start

void startApp(document.getElementById('root')!);
