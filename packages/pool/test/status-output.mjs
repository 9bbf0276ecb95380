// An output format module for the tests: status, line and recurrence interval, comma-separated.
export default {
  render: (item, line) =>
    [item.statusCode, line ?? '', item.transactionInfo?.recurrenceInfo?.intervalType ?? ''].join(','),
};
