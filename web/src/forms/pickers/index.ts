export { DateTimePicker, type DateTimePickerProps } from "./DateTimePicker";
export { TimePicker, type TimePickerProps } from "./TimePicker";
