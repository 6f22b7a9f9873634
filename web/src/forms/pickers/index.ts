export { DatePicker, type DatePickerProps } from "./DatePicker";
export { DateTimePicker, type DateTimePickerProps } from "./DateTimePicker";
export { TimePicker, type TimePickerProps } from "./TimePicker";
