//! The forms the offline model asks for: an inbound receipt (customer, PO, carrier, the
//! items expected, the day) and a carrier pickup, which uses every other field type — an
//! address, a date-time and a time, a radio, a checkbox group, a switch, a file, single and
//! multiple selectors, a delivery service depending on the carrier and a project
//! depending on the customer through `taskCmd.customerId`.
//!
//! What the user already said starts filled in: the customer and carrier they named (as
//! their words: the form looks the option up and picks the one that matches), a PO or
//! reference, the day, the time and the dock door.

use jiff::civil::{Date, Time};
use serde_json::json;
use waybill_tools::lang::Lang;

use super::{FieldOption, FieldType, FormField, ItemField, UserInputRequest};

/// Words that ask for a pickup.
const PICKUP_WORDS: &[&str] = &["pickup", "pick-up", "pick up", "collection", "取件", "提货", "提貨", "集荷", "abholung", "recogida", "enlèvement"];
/// Words that ask for an inbound receipt, or for a form at all (the receipt is the one asked by default).
const RECEIPT_WORDS: &[&str] = &[
    "receipt",
    "inbound",
    "receiving",
    "asn",
    "form",
    "收货",
    "收貨",
    "入库",
    "入庫",
    "表单",
    "表單",
    "入荷",
    "フォーム",
    "recepción",
    "formulario",
    "wareneingang",
    "formular",
    "réception",
    "formulaire",
];

/// The form the user's words ask for, with what they said filled in: a pickup when they
/// say so, a receipt when they name one (or a form); `None` when they ask for neither.
/// `today` is the user's day, for "tomorrow".
pub(super) fn form_for(text: &str, lang: Lang, today: Date) -> Option<UserInputRequest> {
    let lower = text.to_lowercase();
    let said = Said::read(text, today);
    if PICKUP_WORDS.iter().any(|w| lower.contains(w)) {
        let mut form = pickup_request_form(lang);
        said.fill(&mut form);
        Some(form)
    } else if RECEIPT_WORDS.iter().any(|w| lower.split(|c: char| !c.is_alphanumeric()).any(|word| word == *w) || (!w.is_ascii() && lower.contains(w)))
        || lower.contains("receipt")
    {
        let mut form = inbound_receipt_form(lang);
        said.fill(&mut form);
        Some(form)
    } else {
        None
    }
}

/// What the user's words give a form: the names as said, the day and time as read.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Said {
    pub customer: Option<String>,
    pub carrier: Option<String>,
    pub reference: Option<String>,
    pub date: Option<Date>,
    pub time: Option<Time>,
    pub door: Option<String>,
}

impl Said {
    pub(super) fn read(text: &str, today: Date) -> Self {
        let words: Vec<&str> =
            text.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != ':')).filter(|w| !w.is_empty()).collect();
        Said {
            customer: name_after(&words, &["customer", "merchant", "cliente", "kunde", "kunden", "client"])
                .or_else(|| name_after(&words, &["for", "für", "pour", "para"])),
            carrier: name_after(&words, &["carrier", "with", "via", "by", "transportista", "spediteur", "transporteur"]),
            reference: words.iter().find(|w| is_reference(w)).map(|w| (*w).to_owned()),
            date: date_in(&words, today),
            time: time_in(&words),
            door: words.windows(2).find(|p| p[0].eq_ignore_ascii_case("door") && p[1].chars().any(|c| c.is_ascii_digit())).map(|p| p[1].to_uppercase()),
        }
    }

    /// The form with these as the fields' starting values, where it has such fields.
    fn fill(&self, form: &mut UserInputRequest) {
        for field in &mut form.fields {
            let value = match (field.name.as_str(), field.kind) {
                (_, FieldType::CustomerSelector) => self.customer.clone().map(|c| json!(c)),
                (_, FieldType::CarrierSelector) => self.carrier.clone().map(|c| json!(c)),
                ("poNumber" | "reference", _) => self.reference.clone().map(|r| json!(r)),
                (_, FieldType::Date) => self.date.map(|d| json!(d.to_string())),
                // A window the user gave one time for: two hours from it.
                ("windowEnd", FieldType::Datetime) => self
                    .date
                    .zip(self.time)
                    .and_then(|(d, t)| d.to_datetime(t).checked_add(jiff::SignedDuration::from_hours(2)).ok())
                    .map(|end| json!(end.strftime("%Y-%m-%d %H:%M:%S").to_string())),
                (_, FieldType::Datetime) => self.date.zip(self.time).map(|(d, t)| json!(format!("{d} {}", t.strftime("%H:%M:%S")))),
                ("doorId", _) => self.door.clone().map(|d| json!(d)),
                _ => None,
            };
            if value.is_some() {
                field.default_value = value;
            }
        }
    }
}

/// Words that do not name anything even when capitalised.
const NOT_NAMES: &[&str] = &["I", "A", "An", "The", "Please", "Tomorrow", "Today", "Door", "PO", "At", "On", "For", "With", "Customer", "Carrier"];

/// The name after one of `markers`: the capitalised words (or one identifier) that follow.
fn name_after(words: &[&str], markers: &[&str]) -> Option<String> {
    words.iter().enumerate().filter(|(_, w)| markers.iter().any(|m| w.eq_ignore_ascii_case(m))).find_map(|(at, _)| {
        let taken: Vec<&str> = words[at + 1..]
            .iter()
            .take_while(|w| {
                w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit()) && !NOT_NAMES.contains(w) && !is_reference(w) && !w.contains(':')
            })
            .copied()
            .collect();
        (!taken.is_empty()).then(|| taken.join(" "))
    })
}

/// A purchase order or bill of lading number: `PO-48213`, `BOL-7731`.
fn is_reference(word: &str) -> bool {
    let upper = word.to_uppercase();
    ["PO-", "PO", "BOL-", "BOL"]
        .iter()
        .any(|p| upper.strip_prefix(p).is_some_and(|rest| rest.len() >= 3 && rest.trim_start_matches('-').chars().all(|c| c.is_ascii_digit())))
}

/// The day the words name: a date written `YYYY-MM-DD`, today or tomorrow.
fn date_in(words: &[&str], today: Date) -> Option<Date> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    if let Some(date) = words.iter().find_map(|w| w.parse::<Date>().ok()) {
        return Some(date);
    }
    let joined = lower.join(" ");
    const TOMORROW: &[&str] = &["tomorrow", "明天", "明日", "mañana", "morgen", "demain"];
    const TODAY: &[&str] = &["today", "今天", "今日", "hoy", "heute", "aujourd'hui"];
    if TOMORROW.iter().any(|w| lower.iter().any(|l| l == w) || (!w.is_ascii() && joined.contains(w))) {
        return today.tomorrow().ok();
    }
    TODAY.iter().any(|w| lower.iter().any(|l| l == w) || (!w.is_ascii() && joined.contains(w))).then_some(today)
}

/// The time of day the words name: `14:30`, `2 pm`, `2pm`, `10:30am`.
fn time_in(words: &[&str]) -> Option<Time> {
    for (i, word) in words.iter().enumerate() {
        let lower = word.to_lowercase();
        let (clock, suffix) = match lower.strip_suffix("am").or_else(|| lower.strip_suffix("pm")) {
            Some(rest) => (rest.to_owned(), Some(&lower[rest.len()..])),
            None => (lower.clone(), words.get(i + 1).map(|n| n.to_lowercase()).filter(|n| n == "am" || n == "pm").map(|n| if n == "am" { "am" } else { "pm" })),
        };
        let parsed = match clock.split_once(':') {
            Some((h, m)) => h.parse::<i8>().ok().zip(m.parse::<i8>().ok()),
            None if suffix.is_some() => clock.parse::<i8>().ok().map(|h| (h, 0)),
            None => None,
        };
        let Some((hour, minute)) = parsed else { continue };
        let hour = match suffix {
            Some("pm") if hour < 12 => hour + 12,
            Some("am") if hour == 12 => 0,
            _ => hour,
        };
        if let Ok(time) = Time::new(hour, minute, 0, 0) {
            return Some(time);
        }
    }
    None
}

/// A field of a form the offline model asks for.
fn field(name: &str, label: &str, kind: FieldType, required: bool) -> FormField {
    FormField {
        name: name.into(),
        label: label.into(),
        kind,
        required,
        readonly: false,
        default_value: None,
        description: None,
        placeholder: None,
        options: Vec::new(),
        depends_on: None,
        array_item_fields: Vec::new(),
        item_label: None,
    }
}

fn item_field(name: &str, label: &str, kind: FieldType, depends_on: Option<&str>) -> ItemField {
    ItemField {
        name: name.into(),
        label: label.into(),
        kind,
        required: true,
        readonly: false,
        default_value: None,
        description: None,
        placeholder: None,
        options: Vec::new(),
        depends_on: depends_on.map(str::to_owned),
    }
}

/// The form an inbound receipt needs: customer, carrier, the items expected, the day.
pub fn inbound_receipt_form(lang: Lang) -> UserInputRequest {
    let t = |texts: [&str; 7]| lang.pick(texts).to_owned();
    let customer = field("customerId", &t(["Customer", "客户", "客戶", "Cliente", "顧客", "Kunde", "Client"]), FieldType::CustomerSelector, true);
    let carrier =
        field("carrierId", &t(["Carrier", "承运商", "承運商", "Transportista", "運送業者", "Spediteur", "Transporteur"]), FieldType::CarrierSelector, true);
    let mut items = field("items", &t(["Items", "货品", "貨品", "Artículos", "品目", "Artikel", "Articles"]), FieldType::Array, true);
    items.item_label = Some(t(["item", "货品", "貨品", "artículo", "品目", "Artikel", "article"]));
    items.array_item_fields = vec![
        item_field("itemId", &t(["Item", "货品", "貨品", "Artículo", "品目", "Artikel", "Article"]), FieldType::ItemmasterSelector, Some("customerId")),
        item_field(
            "uom",
            &t(["Unit of measure", "计量单位", "計量單位", "Unidad de medida", "単位", "Mengeneinheit", "Unité de mesure"]),
            FieldType::ItemmasterUomSelector,
            Some("itemId"),
        ),
        item_field("quantity", &t(["Quantity", "数量", "數量", "Cantidad", "数量", "Menge", "Quantité"]), FieldType::Number, None),
    ];
    let expected = field(
        "expectedDate",
        &t(["Expected date", "预计到货日期", "預計到貨日期", "Fecha prevista", "入荷予定日", "Erwartetes Datum", "Date prévue"]),
        FieldType::Date,
        true,
    );
    let mut po =
        field("poNumber", &t(["PO number", "采购单号", "採購單號", "Número de PO", "発注番号", "Bestellnummer", "Numéro de commande"]), FieldType::Text, true);
    po.placeholder = Some("PO-48213".into());
    UserInputRequest {
        title: t([
            "New inbound receipt",
            "新建入库收货单",
            "新增入庫收貨單",
            "Nueva recepción de entrada",
            "新規入荷受付",
            "Neuer Wareneingang",
            "Nouvelle réception",
        ]),
        description: Some(t([
            "Tell me what is coming in, and I will create the receipt.",
            "告诉我要到的货，我来创建收货单。",
            "告訴我要到的貨，我來建立收貨單。",
            "Dime qué va a llegar y crearé la recepción.",
            "入荷する内容を教えてください。受付を作成します。",
            "Sagen Sie mir, was ankommt, und ich lege den Wareneingang an.",
            "Dites-moi ce qui arrive et je crée la réception.",
        ])),
        fields: vec![customer, po, carrier, items, expected],
    }
}

fn option(value: &str, label: String) -> FieldOption {
    FieldOption { label, value: value.into(), description: None }
}

/// The form a carrier pickup needs.
pub fn pickup_request_form(lang: Lang) -> UserInputRequest {
    let t = |texts: [&str; 7]| lang.pick(texts).to_owned();
    let mut reference = field(
        "reference",
        &t([
            "Reference (PO or BOL)",
            "参考号（PO 或提单）",
            "參考號（PO 或提單）",
            "Referencia (PO o BOL)",
            "参照番号（PO または BOL）",
            "Referenz (PO oder BOL)",
            "Référence (PO ou BOL)",
        ]),
        FieldType::Text,
        true,
    );
    reference.placeholder = Some("PO-48213".into());
    let customer = field("customerId", &t(["Customer", "客户", "客戶", "Cliente", "顧客", "Kunde", "Client"]), FieldType::CustomerSelector, true);
    let mut project =
        field("projectId", &t(["Project", "项目", "專案", "Proyecto", "プロジェクト", "Projekt", "Projet"]), FieldType::GeneralProjectSelector, false);
    project.depends_on = Some("taskCmd.customerId".into());
    let carrier =
        field("carrierId", &t(["Carrier", "承运商", "承運商", "Transportista", "運送業者", "Spediteur", "Transporteur"]), FieldType::CarrierSelector, true);
    let mut service = field(
        "serviceId",
        &t(["Delivery service", "运输服务", "運輸服務", "Servicio de entrega", "配送サービス", "Versandservice", "Service de livraison"]),
        FieldType::DeliveryServiceSelector,
        true,
    );
    service.depends_on = Some("carrierId".into());
    // The yard books the pickup as an outbound dock appointment: its window, door and
    // direction go by the appointment's own names.
    let pickup_at = field(
        "windowStart",
        &t(["Pickup from", "提货开始时间", "提貨開始時間", "Recogida desde", "集荷開始", "Abholung ab", "Enlèvement à partir de"]),
        FieldType::Datetime,
        true,
    );
    let pickup_by = field(
        "windowEnd",
        &t(["Pickup by", "提货截止时间", "提貨截止時間", "Recogida hasta", "集荷終了", "Abholung bis", "Enlèvement au plus tard"]),
        FieldType::Datetime,
        true,
    );
    let mut kind = field("kind", &t(["Direction", "方向", "方向", "Dirección", "方向", "Richtung", "Sens"]), FieldType::Radio, true);
    kind.options = vec![option(
        "outbound",
        t([
            "Outbound: the carrier collects",
            "出库：承运商提货",
            "出庫：承運商提貨",
            "Salida: el transportista recoge",
            "出荷：運送業者が集荷",
            "Ausgang: der Spediteur holt ab",
            "Sortie : le transporteur enlève",
        ]),
    )];
    kind.default_value = Some(json!("outbound"));
    kind.readonly = true;
    let mut door =
        field("doorId", &t(["Dock door", "月台门", "月台門", "Puerta del muelle", "ドックドア", "Rampentor", "Porte de quai"]), FieldType::Text, false);
    door.placeholder = Some("D05".into());
    let mut notes = field("notes", &t(["Notes", "备注", "備註", "Notas", "備考", "Notizen", "Remarques"]), FieldType::Textarea, false);
    notes.placeholder = Some(t([
        "Trailer number, seal, special handling…",
        "拖车号、封条、特殊处理……",
        "拖車號、封條、特殊處理……",
        "Número de remolque, precinto, manejo especial…",
        "トレーラー番号、シール、特別な取り扱い…",
        "Aufliegernummer, Plombe, besondere Handhabung …",
        "Numéro de remorque, scellé, manutention particulière…",
    ]));
    let closes_at = field(
        "dockClosesAt",
        &t(["Dock closes at", "月台关闭时间", "月台關閉時間", "El muelle cierra a las", "ドック終了時刻", "Rampe schließt um", "Fermeture du quai"]),
        FieldType::Time,
        false,
    );
    let ship_from = field(
        "shipFrom",
        &t(["Ship from", "发货地址", "發貨地址", "Origen del envío", "出荷元", "Abholadresse", "Adresse d'enlèvement"]),
        FieldType::Address,
        true,
    );
    let mut level = field(
        "serviceLevel",
        &t(["Service level", "服务等级", "服務等級", "Nivel de servicio", "サービスレベル", "Servicestufe", "Niveau de service"]),
        FieldType::Radio,
        true,
    );
    level.options = vec![
        option("standard", t(["Standard", "标准", "標準", "Estándar", "標準", "Standard", "Standard"])),
        option("expedited", t(["Expedited", "加急", "加急", "Urgente", "至急", "Express", "Express"])),
        option("guaranteed", t(["Guaranteed", "保证时效", "保證時效", "Garantizado", "時間保証", "Garantiert", "Garanti"])),
    ];
    level.default_value = Some(json!("standard"));
    let mut equipment =
        field("equipment", &t(["Equipment", "设备", "設備", "Equipo", "車両・設備", "Ausrüstung", "Équipement"]), FieldType::CheckboxGroup, true);
    equipment.options = vec![
        option("dry_van", t(["Dry van", "厢式货车", "廂式貨車", "Caja seca", "ドライバン", "Koffer", "Fourgon sec"])),
        option("reefer", t(["Reefer", "冷藏车", "冷藏車", "Refrigerado", "冷凍車", "Kühlauflieger", "Frigorifique"])),
        option("liftgate", t(["Liftgate", "尾板", "尾板", "Plataforma elevadora", "リフトゲート", "Ladebordwand", "Hayon élévateur"])),
    ];
    let mut freight_class = field(
        "freightClass",
        &t(["Freight class", "货物等级", "貨物等級", "Clase de flete", "貨物クラス", "Frachtklasse", "Classe de fret"]),
        FieldType::Select,
        false,
    );
    freight_class.options = ["50", "70", "85", "100", "125", "150"].iter().map(|c| option(c, (*c).to_owned())).collect();
    let pallets = field("pallets", &t(["Pallets", "托盘数", "棧板數", "Palés", "パレット数", "Paletten", "Palettes"]), FieldType::Number, true);
    let accessorials = field(
        "accessorials",
        &t(["Accessorials", "附加服务", "附加服務", "Servicios adicionales", "付帯サービス", "Zusatzleistungen", "Prestations annexes"]),
        FieldType::AccessorialMultipleSelector,
        false,
    );
    let hazmat = field(
        "hazmat",
        &t(["Hazardous materials", "危险品", "危險品", "Materiales peligrosos", "危険物", "Gefahrgut", "Matières dangereuses"]),
        FieldType::Switch,
        false,
    );
    let handler =
        field("handledBy", &t(["Handled by", "负责人", "負責人", "Responsable", "担当者", "Zuständig", "Responsable"]), FieldType::UserSelector, false);
    let notify =
        field("notify", &t(["Notify", "通知", "通知", "Notificar a", "通知先", "Benachrichtigen", "Prévenir"]), FieldType::MultipleUserSelector, false);
    let bol = field(
        "billOfLading",
        &t(["Bill of lading", "提单", "提單", "Conocimiento de embarque", "船荷証券", "Frachtbrief", "Lettre de voiture"]),
        FieldType::File,
        false,
    );
    let confirm = field(
        "ready",
        &t([
            "The freight is ready to ship",
            "货物已可发运",
            "貨物已可發運",
            "La mercancía está lista para enviar",
            "貨物は出荷可能です",
            "Die Ware ist versandbereit",
            "La marchandise est prête à partir",
        ]),
        FieldType::Checkbox,
        true,
    );
    UserInputRequest {
        title: t([
            "Carrier pickup",
            "承运商提货",
            "承運商提貨",
            "Recogida del transportista",
            "運送業者の集荷",
            "Abholung durch den Spediteur",
            "Enlèvement par le transporteur",
        ]),
        description: Some(t([
            "Tell me where and when the carrier should collect, and I will book the pickup.",
            "告诉我承运商在何时何地提货，我来预约。",
            "告訴我承運商在何時何地提貨，我來預約。",
            "Dime dónde y cuándo debe recoger el transportista y reservaré la recogida.",
            "集荷の場所と日時を教えてください。予約します。",
            "Sagen Sie mir, wo und wann der Spediteur abholen soll, und ich buche die Abholung.",
            "Dites-moi où et quand le transporteur doit passer, et je réserve l'enlèvement.",
        ])),
        fields: vec![
            reference,
            customer,
            project,
            carrier,
            service,
            pickup_at,
            pickup_by,
            kind,
            door,
            closes_at,
            ship_from,
            level,
            equipment,
            freight_class,
            pallets,
            accessorials,
            hazmat,
            handler,
            notify,
            bol,
            notes,
            confirm,
        ],
    }
}
