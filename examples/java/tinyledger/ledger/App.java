package ledger;

import ledger.core.Account;
import ledger.core.AccountType;
import ledger.core.Journal;
import ledger.core.Transaction;
import ledger.io.Formats;
import ledger.io.JournalLoader;
import ledger.report.IncomeStatement;
import ledger.report.ReportPrinter;
import ledger.report.TrialBalance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * Command line entry point: {@code java ledger.App journal.csv 2026-01-01 2026-03-31} prints
 * the chart of accounts, the trial balance at the end date and the income statement.
 */
public final class App {
    private App() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: App <journal.csv> <from yyyy-MM-dd> <to yyyy-MM-dd>");
            System.exit(2);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        JournalLoader loader = new JournalLoader();
        Journal journal = loader.load(lines);
        for (String warning : loader.warnings()) {
            System.err.println("warning: " + warning);
        }
        LocalDate from = Formats.parseDay(args[1], 0);
        LocalDate to = Formats.parseDay(args[2], 0);
        System.out.print(report(journal, from, to));
    }

    static String report(Journal journal, LocalDate from, LocalDate to) {
        TrialBalance trial = new TrialBalance(journal, to);
        ReportPrinter printer = new ReportPrinter().chart(journal).blankLine().trialBalance(trial).blankLine();
        printer.incomeStatement(journal, from, to);
        IncomeStatement statement = new IncomeStatement(journal, from, to);
        if (!trial.isBalanced()) {
            return printer.render() + "\nthe trial balance does not balance: check the journal\n";
        }
        return printer.render() + "\nnet result " + statement.netResult().format() + "\n";
    }

    /** A tiny built-in journal, used by the smoke test and the documentation. */
    static Journal demo() {
        Journal journal = new Journal();
        journal.open("1000", "Assets", AccountType.ASSET, null);
        Account cash = journal.open("1100", "Cash", AccountType.ASSET, "1000");
        Account sales = journal.open("4000", "Sales", AccountType.INCOME, null);
        Account rent = journal.open("6100", "Rent", AccountType.EXPENSE, null);
        journal.post(new Transaction("T-1", LocalDate.of(2026, 1, 3), "Opening sale").debit(cash, "500.00").credit(sales, "500.00"));
        journal.post(new Transaction("T-2", LocalDate.of(2026, 1, 31), "January rent").debit(rent, "320.00").credit(cash, "320.00"));
        return journal;
    }
}
