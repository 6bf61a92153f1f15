// Starts DynamoDB Local, with its own arguments, on 127.0.0.1 only: its launcher binds every
// interface. A port in use ends it with exit code 98 (EADDRINUSE) and one line (./local.ts).
import java.lang.reflect.Field;
import java.net.BindException;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDBLocal {
    static final int PORT_IN_USE = 98;

    public static void main(String[] args) throws Exception {
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server server = (Server) field.get(proxy);
        for (Connector connector : server.getConnectors()) {
            ((ServerConnector) connector).setHost("127.0.0.1");
        }
        try {
            proxy.start();
        } catch (Exception failure) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof BindException) {
                    System.err.println("DynamoDB Local: " + failure.getMessage() + ": " + cause.getMessage());
                    System.exit(PORT_IN_USE);
                }
            }
            throw failure;
        }
        System.out.println("DynamoDB Local listening on 127.0.0.1");
        proxy.join();
    }
}
