/**
 * What an endpoint page's sections and any field's badges say (endpoint/endpoint.ts, endpoint/schema.ts,
 * render/components/fields.tsx), in every language: the body is rendered once, in English, and the shell
 * puts these in the page's language (bodyLabels.ts), the sections' entries in "On this page" too.
 */

/** An endpoint page's section headings and a field's badges. */
export interface UiFields {
  readonly authorizations: string;
  readonly pathParameters: string;
  readonly queryParameters: string;
  readonly headerParameters: string;
  readonly cookieParameters: string;
  /** The request body's section. */
  readonly body: string;
  readonly response: string;
  /** A field's badges: "required", "deprecated", and the word before its default value ("default: 10"). */
  readonly required: string;
  readonly deprecated: string;
  readonly defaultValue: string;
}

/** The section headings an endpoint page writes, by their key in {@link UiFields}. */
const ENDPOINT_SECTIONS = [
  'authorizations',
  'pathParameters',
  'queryParameters',
  'headerParameters',
  'cookieParameters',
  'body',
  'response',
] as const satisfies readonly (keyof UiFields)[];

/** An endpoint page's section heading, by its key in {@link UiFields}. */
export type EndpointSection = (typeof ENDPOINT_SECTIONS)[number];

/** Whether `label` (as a heading's `data-op-label` reads) names an endpoint section. */
export function isEndpointSection(label: string): label is EndpointSection {
  return (ENDPOINT_SECTIONS as readonly string[]).includes(label);
}

/** English: what the renderers write, and the fallback of every other table. */
export const EN_FIELDS: UiFields = {
  authorizations: 'Authorizations',
  pathParameters: 'Path parameters',
  queryParameters: 'Query parameters',
  headerParameters: 'Header parameters',
  cookieParameters: 'Cookie parameters',
  body: 'Body',
  response: 'Response',
  required: 'required',
  deprecated: 'deprecated',
  defaultValue: 'default',
};

/**
 * One table from its ten strings in the order of UiFields, separated by ` | ` (one line per language keeps
 * thirty of them readable); a table with too few or too many strings is a mistake caught at load.
 */
function table(line: string): UiFields {
  const texts = line.split(' | ');
  if (texts.length !== 10) throw new Error(`A field text table needs 10 strings: ${line}`);
  const at = (index: number): string => texts[index] ?? '';
  return {
    authorizations: at(0),
    pathParameters: at(1),
    queryParameters: at(2),
    headerParameters: at(3),
    cookieParameters: at(4),
    body: at(5),
    response: at(6),
    required: at(7),
    deprecated: at(8),
    defaultValue: at(9),
  };
}

/** The tables, by docs.json language code (the same codes as the interface text's tables). */
export const FIELD_TEXT: Readonly<Record<string, UiFields>> = {
  fr: table(
    'Autorisations | Paramètres de chemin | Paramètres de requête | Paramètres d’en-tête | Paramètres de cookie | Corps | Réponse | obligatoire | obsolète | par défaut',
  ),
  es: table(
    'Autorizaciones | Parámetros de ruta | Parámetros de consulta | Parámetros de encabezado | Parámetros de cookie | Cuerpo | Respuesta | obligatorio | obsoleto | predeterminado',
  ),
  de: table(
    'Autorisierungen | Pfadparameter | Query-Parameter | Header-Parameter | Cookie-Parameter | Anforderungstext | Antwort | erforderlich | veraltet | Standard',
  ),
  it: table(
    'Autorizzazioni | Parametri di percorso | Parametri di query | Parametri di intestazione | Parametri dei cookie | Corpo | Risposta | obbligatorio | deprecato | predefinito',
  ),
  pt: table(
    'Autorizações | Parâmetros de caminho | Parâmetros de consulta | Parâmetros de cabeçalho | Parâmetros de cookie | Corpo | Resposta | obrigatório | obsoleto | padrão',
  ),
  ca: table(
    'Autoritzacions | Paràmetres de ruta | Paràmetres de consulta | Paràmetres de capçalera | Paràmetres de galeta | Cos | Resposta | obligatori | obsolet | per defecte',
  ),
  ro: table(
    'Autorizări | Parametri de cale | Parametri de interogare | Parametri de antet | Parametri cookie | Corp | Răspuns | obligatoriu | învechit | implicit',
  ),
  tr: table(
    'Yetkilendirmeler | Yol parametreleri | Sorgu parametreleri | Başlık parametreleri | Çerez parametreleri | Gövde | Yanıt | zorunlu | kullanımdan kaldırıldı | varsayılan',
  ),
  id: table(
    'Otorisasi | Parameter path | Parameter kueri | Parameter header | Parameter cookie | Isi permintaan | Respons | wajib | usang | bawaan',
  ),
  vi: table(
    'Ủy quyền | Tham số đường dẫn | Tham số truy vấn | Tham số header | Tham số cookie | Nội dung | Phản hồi | bắt buộc | không còn dùng | mặc định',
  ),
  nl: table(
    'Autorisaties | Padparameters | Queryparameters | Headerparameters | Cookieparameters | Aanvraagbody | Respons | verplicht | verouderd | standaard',
  ),
  pl: table(
    'Autoryzacje | Parametry ścieżki | Parametry zapytania | Parametry nagłówka | Parametry cookie | Treść | Odpowiedź | wymagane | przestarzałe | domyślnie',
  ),
  sv: table(
    'Auktoriseringar | Sökvägsparametrar | Frågeparametrar | Huvudparametrar | Cookie-parametrar | Brödtext | Svar | obligatorisk | föråldrad | standard',
  ),
  cs: table(
    'Autorizace | Parametry cesty | Parametry dotazu | Parametry hlavičky | Parametry cookie | Tělo | Odpověď | povinné | zastaralé | výchozí',
  ),
  hu: table(
    'Engedélyezések | Útvonal-paraméterek | Lekérdezési paraméterek | Fejléc-paraméterek | Cookie-paraméterek | Törzs | Válasz | kötelező | elavult | alapértelmezett',
  ),
  da: table(
    'Autorisationer | Stiparametre | Forespørgselsparametre | Headerparametre | Cookieparametre | Brødtekst | Svar | påkrævet | forældet | standard',
  ),
  no: table(
    'Autorisasjoner | Stiparametere | Spørringsparametere | Hodeparametere | Cookie-parametere | Brødtekst | Svar | påkrevd | foreldet | standard',
  ),
  fi: table(
    'Valtuutukset | Polkuparametrit | Kyselyparametrit | Otsakeparametrit | Evästeparametrit | Runko | Vastaus | pakollinen | vanhentunut | oletus',
  ),
  ru: table(
    'Авторизация | Параметры пути | Параметры запроса | Параметры заголовка | Параметры cookie | Тело | Ответ | обязательный | устарел | по умолчанию',
  ),
  uk: table(
    'Авторизація | Параметри шляху | Параметри запиту | Параметри заголовка | Параметри cookie | Тіло | Відповідь | обов’язковий | застарілий | за замовчуванням',
  ),
  lv: table(
    'Autorizācijas | Ceļa parametri | Vaicājuma parametri | Galvenes parametri | Sīkfailu parametri | Pamatteksts | Atbilde | obligāts | novecojis | noklusējums',
  ),
  uz: table(
    'Avtorizatsiya | Yo‘l parametrlari | So‘rov parametrlari | Sarlavha parametrlari | Cookie parametrlari | Tana | Javob | majburiy | eskirgan | standart',
  ),
  'zh-Hans': table('授权 | 路径参数 | 查询参数 | 请求头参数 | Cookie 参数 | 请求体 | 响应 | 必填 | 已弃用 | 默认'),
  'zh-Hant': table('授權 | 路徑參數 | 查詢參數 | 標頭參數 | Cookie 參數 | 請求主體 | 回應 | 必填 | 已淘汰 | 預設'),
  ja: table(
    '認可 | パスパラメータ | クエリパラメータ | ヘッダーパラメータ | Cookie パラメータ | ボディ | レスポンス | 必須 | 非推奨 | デフォルト',
  ),
  ko: table(
    '인증 | 경로 매개변수 | 쿼리 매개변수 | 헤더 매개변수 | 쿠키 매개변수 | 본문 | 응답 | 필수 | 사용 중단됨 | 기본값',
  ),
  hi: table(
    'प्राधिकरण | पाथ पैरामीटर | क्वेरी पैरामीटर | हेडर पैरामीटर | कुकी पैरामीटर | बॉडी | रिस्पॉन्स | आवश्यक | अप्रचलित | डिफ़ॉल्ट',
  ),
  ar: table(
    'التفويضات | معلمات المسار | معلمات الاستعلام | معلمات الترويسة | معلمات ملفات تعريف الارتباط | النص الأساسي | الاستجابة | مطلوب | مهمل | افتراضي',
  ),
  he: table(
    'הרשאות | פרמטרי נתיב | פרמטרי שאילתה | פרמטרי כותרת | פרמטרי עוגיות | גוף | תגובה | חובה | הוצא משימוש | ברירת מחדל',
  ),
};
