//! The vocabularies shared by the stored data, the generator and the API.

/// A closed set of values stored as text and sent as snake_case strings. (`$text` is a
/// `tt`, not a `literal`: a literal fragment reaches derive macros wrapped in a group that
/// utoipa does not read, and its schema would list the variant names.)
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize, utoipa::ToSchema, sqlx::Type)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] #[sqlx(rename = $text)] $variant),+
        }

        impl $name {
            #[allow(dead_code)]
            pub const ALL: &[$name] = &[$($name::$variant),+];

            #[allow(dead_code)]
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }
    };
}

vocabulary! {
    /// Where an outbound order is in its life: `open` → `allocated` → `picking` → `packed` → `shipped`, or `cancelled`.
    OrderStatus { Open = "open", Allocated = "allocated", Picking = "picking", Packed = "packed", Shipped = "shipped", Cancelled = "cancelled" }
}

vocabulary! {
    /// Where an order line is: allocated lines hold inventory, shipped lines have left.
    LineStatus { Open = "open", Allocated = "allocated", Picked = "picked", Shipped = "shipped", Cancelled = "cancelled" }
}

vocabulary! {
    /// How an order reached the warehouse.
    OrderSource { Edi = "edi", Portal = "portal", Import = "import", Api = "api" }
}

vocabulary! {
    /// Unit of measure: each, case or pallet.
    Uom { Each = "EA", Case = "CS", Pallet = "PL" }
}

vocabulary! {
    /// Whether a record is in use.
    Activity { Active = "active", Inactive = "inactive" }
}

vocabulary! {
    /// An inbound receipt (ASN): expected, being received, fully received or cancelled.
    ReceiptStatus { Expected = "expected", Receiving = "receiving", Received = "received", Cancelled = "cancelled" }
}

vocabulary! {
    /// Whether stock can be allocated.
    InventoryStatus { Available = "available", Hold = "hold", Damaged = "damaged" }
}

vocabulary! {
    /// What a location is used for.
    LocationKind { Pick = "pick", Reserve = "reserve", Bulk = "bulk", Staging = "staging", Dock = "dock" }
}

vocabulary! {
    /// Whether a location can take stock.
    LocationStatus { Active = "active", Blocked = "blocked" }
}

vocabulary! {
    /// How a carrier or service moves freight: small parcel, less-than-truckload or full truckload.
    Mode { Parcel = "parcel", Ltl = "ltl", Ftl = "ftl" }
}

vocabulary! {
    /// A shipment's progress.
    ShipmentStatus {
        LabelCreated = "label_created",
        InTransit = "in_transit",
        OutForDelivery = "out_for_delivery",
        Delivered = "delivered",
        Exception = "exception",
        Cancelled = "cancelled",
    }
}

vocabulary! {
    /// A carrier's scan of a shipment.
    TrackingCode {
        PickedUp = "picked_up",
        DepartedFacility = "departed_facility",
        ArrivedFacility = "arrived_facility",
        OutForDelivery = "out_for_delivery",
        Delivered = "delivered",
        Exception = "exception",
    }
}

vocabulary! {
    /// A load's progress: planned, being loaded at a door, dispatched, delivered or cancelled.
    LoadStatus { Planning = "planning", Loading = "loading", Dispatched = "dispatched", Delivered = "delivered", Cancelled = "cancelled" }
}

vocabulary! {
    /// Which way a dock door or appointment works.
    Direction { Inbound = "inbound", Outbound = "outbound", Both = "both" }
}

vocabulary! {
    /// Whether a dock door can take a trailer.
    DoorStatus { Available = "available", Occupied = "occupied", OutOfService = "out_of_service" }
}

vocabulary! {
    /// Where a trailer is.
    TrailerStatus { InYard = "in_yard", AtDoor = "at_door", Departed = "departed" }
}

vocabulary! {
    /// Trailer equipment.
    TrailerKind { DryVan = "dry_van", Reefer = "reefer", Flatbed = "flatbed" }
}

vocabulary! {
    /// How full a trailer is.
    LoadState { Empty = "empty", Partial = "partial", Loaded = "loaded" }
}

vocabulary! {
    /// A yard appointment's state.
    AppointmentStatus { Scheduled = "scheduled", CheckedIn = "checked_in", Completed = "completed", Cancelled = "cancelled", NoShow = "no_show" }
}

vocabulary! {
    /// Whether an appointment brings freight in or takes it out.
    AppointmentKind { Inbound = "inbound", Outbound = "outbound" }
}

vocabulary! {
    /// A user's shift.
    Shift { Day = "day", Swing = "swing", Night = "night" }
}

vocabulary! {
    /// A project's state.
    ProjectStatus { Planned = "planned", Active = "active", OnHold = "on_hold", Completed = "completed" }
}

/// Every vocabulary's schema, for documents whose parameters name them.
pub(crate) fn schemas() -> Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)> {
    fn one<T: utoipa::ToSchema>() -> (String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>) {
        (T::name().into_owned(), T::schema())
    }
    vec![
        one::<OrderStatus>(),
        one::<LineStatus>(),
        one::<OrderSource>(),
        one::<Uom>(),
        one::<Activity>(),
        one::<ReceiptStatus>(),
        one::<InventoryStatus>(),
        one::<LocationKind>(),
        one::<LocationStatus>(),
        one::<Mode>(),
        one::<ShipmentStatus>(),
        one::<TrackingCode>(),
        one::<LoadStatus>(),
        one::<Direction>(),
        one::<DoorStatus>(),
        one::<TrailerStatus>(),
        one::<TrailerKind>(),
        one::<LoadState>(),
        one::<AppointmentStatus>(),
        one::<AppointmentKind>(),
        one::<Shift>(),
        one::<ProjectStatus>(),
    ]
}
