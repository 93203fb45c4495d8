package ledger.report;

import static ledger.io.Formats.*;

import ledger.core.Account;
import ledger.core.Amount;
import ledger.core.Journal;

import java.time.LocalDate;
import java.util.List;

/**
 * Renders reports as fixed-width text: the chart of accounts as an indented tree, the trial
 * balance as two amount columns, and the income statement line by line.
 */
public class ReportPrinter {
    private final StringBuilder out = new StringBuilder();

    public ReportPrinter chart(Journal journal) {
        out.append("Chart of accounts\n");
        for (Account account : journal.accounts()) {
            String label = indent(account.depth()) + account.code() + " " + account.name();
            out.append(left(label, CODE_WIDTH + NAME_WIDTH)).append(' ').append(account.type()).append('\n');
        }
        return this;
    }

    public ReportPrinter trialBalance(TrialBalance trial) {
        out.append("Trial balance at ").append(trial.date().format(DAY)).append('\n');
        for (TrialBalance.Row row : trial.rows()) {
            Account account = row.account();
            out.append(left(account.code(), CODE_WIDTH))
                    .append(left(account.name(), NAME_WIDTH))
                    .append(right(cell(row.debit()), AMOUNT_WIDTH))
                    .append(right(cell(row.credit()), AMOUNT_WIDTH))
                    .append('\n');
        }
        out.append(rule(CODE_WIDTH + NAME_WIDTH + 2 * AMOUNT_WIDTH)).append('\n');
        out.append(left("", CODE_WIDTH + NAME_WIDTH))
                .append(right(trial.totalDebits().format(), AMOUNT_WIDTH))
                .append(right(trial.totalCredits().format(), AMOUNT_WIDTH))
                .append(trial.isBalanced() ? "" : "  UNBALANCED")
                .append('\n');
        return this;
    }

    public ReportPrinter incomeStatement(Journal journal, LocalDate from, LocalDate to) {
        IncomeStatement statement = new IncomeStatement(journal, from, to);
        List<String> lines = statement.lines();
        for (String line : lines) {
            out.append(line).append('\n');
        }
        return this;
    }

    public ReportPrinter blankLine() {
        out.append('\n');
        return this;
    }

    private static String cell(Amount amount) {
        return amount.isZero() ? "" : amount.format();
    }

    public String render() {
        return out.toString();
    }
}
